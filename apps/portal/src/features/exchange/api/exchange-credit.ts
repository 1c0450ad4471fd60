import type { calls, PayloadOf } from '@return-center/contract';
import { SolutionId } from '@return-center/contract/zod-free';
import { useQuery } from '@tanstack/react-query';
import { returnMoneyQuery } from '../../../shared/return-money';

type Lines = PayloadOf<typeof calls.getReturnMoney>['refund_line_items'];

/** getReturnMoney for an exchange: its exchange_amount is what the return is worth towards the new items. */
export const exchangeMoneyQuery = (orderId: number, lines: Lines) =>
  returnMoneyQuery(orderId, lines, SolutionId.Exchange, null);

export const useExchangeMoney = (orderId: number, lines: Lines) => useQuery(exchangeMoneyQuery(orderId, lines));
