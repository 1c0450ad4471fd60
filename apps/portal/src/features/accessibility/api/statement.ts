import { calls, Code } from '@return-center/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';

/** accessibilityStatement: the shop's statement as the server generates it, in the shopper's language. */
export const statementQuery = (shopUrl: string, lang: string) =>
  queryOptions({
    queryKey: ['accessibility-statement', shopUrl, lang],
    queryFn: async () => {
      const answer = await http.request(calls.accessibilityStatement, { shop_url: shopUrl, lang });
      if (answer.code !== Code.Success) throw new Error(answer.msg);
      return answer.data;
    },
  });

export const useStatement = (shopUrl: string, lang: string) => useQuery(statementQuery(shopUrl, lang));
