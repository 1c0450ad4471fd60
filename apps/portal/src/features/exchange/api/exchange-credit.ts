import { calls, Code, SolutionId, type PayloadOf } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';

type Lines = PayloadOf<typeof calls.getReturnMoney>['refund_line_items'];

/** getReturnMoney for an exchange: its exchange_amount is what the return is worth towards the new items. */
export const useExchangeMoney = (orderId: number, lines: Lines) =>
  useQuery({
    queryKey: ['exchange-money', orderId, lines],
    queryFn: async () => {
      const answer = await http.request(calls.getReturnMoney, {
        order_id: orderId,
        refund_line_items: lines,
        solution_id: SolutionId.Exchange,
      });
      if (answer.code !== Code.Success) throw new Error(answer.msg);
      return answer.data;
    },
    enabled: lines.length > 0,
  });
