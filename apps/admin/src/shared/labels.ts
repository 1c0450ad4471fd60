import { ShippingMethodId, SolutionId } from '@return-center/contract';
import { STATUSES_IN_ORDER } from '@return-center/domain';
import type { TFunction } from 'i18next';

/** The names of the contract's ids (statuses, solutions, methods) in the console's language. */
export const statusName = (t: TFunction, status: number) =>
  t(`status.${String(status)}`, { defaultValue: String(status) });
export const solutionName = (t: TFunction, id: number) => t(`solution.${String(id)}`, { defaultValue: String(id) });
export const methodName = (t: TFunction, id: number) => t(`method.${String(id)}`, { defaultValue: String(id) });

/** Tabs of the queue, in the order a request moves; '' is every status. */
export const STATUS_TABS: readonly string[] = ['', ...STATUSES_IN_ORDER.map(String)];
/** The contract's ids, in its order. */
export const SOLUTIONS: readonly number[] = Object.values(SolutionId);
export const METHODS: readonly number[] = Object.values(ShippingMethodId);
