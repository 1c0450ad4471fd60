import type { TFunction } from 'i18next';

/** The names of the contract's ids (statuses, solutions, methods) in the console's language. */
export const statusName = (t: TFunction, status: number) =>
  t(`status.${String(status)}`, { defaultValue: String(status) });
export const solutionName = (t: TFunction, id: number) => t(`solution.${String(id)}`, { defaultValue: String(id) });
export const methodName = (t: TFunction, id: number) => t(`method.${String(id)}`, { defaultValue: String(id) });

/** Tabs of the queue, in the order a request moves; '' is every status. */
export const STATUS_TABS = ['', '1', '2', '5', '4', '3'] as const;
export const SOLUTIONS = [1, 2, 4, 5, 6] as const;
export const METHODS = [1, 2, 3, 4] as const;
