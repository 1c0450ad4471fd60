import { calls } from '@return-center/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http';
import { dataOf } from '../../../shared/http/data-of';

/** accessibilityStatement: the shop's statement as the server generates it, in the shopper's language. */
export const statementQuery = (shopUrl: string, lang: string) =>
  queryOptions({
    queryKey: ['accessibility-statement', shopUrl, lang],
    queryFn: () => dataOf(http.request(calls.accessibilityStatement, { shop_url: shopUrl, lang })),
  });

export const useStatement = (shopUrl: string, lang: string) => useQuery(statementQuery(shopUrl, lang));
