import { minorToDecimal, parseMinor } from '@return-center/domain';
import { ShopifyError } from './client.js';

/**
 * Shopify's shapes to the port's. Ids: the port's numbers are Shopify's own (the numeric tail of a global id, what
 * Shopify calls `legacyResourceId`), which pass 2^31; ids.ts gives the port small numbers of ours for them. Money arrives as decimal strings and is parsed exactly in the currency it is
 * in; times arrive as ISO 8601 and become unix seconds.
 */

export type Kind =
  | 'Order'
  | 'LineItem'
  | 'Product'
  | 'ProductVariant'
  | 'Collection'
  | 'DraftOrder'
  | 'Refund'
  | 'GiftCard'
  | 'DiscountCodeNode'
  | 'Return';

export const gid = (kind: Kind, id: number) => `gid://shopify/${kind}/${String(id)}`;

/** The number of a global id of that kind; null for anything else (so a foreign id is "no such thing"). */
export function idOf(globalId: string | null | undefined, kind?: Kind): number | null {
  const match = /^gid:\/\/shopify\/(\w+)\/(\d{1,16})(?:\?.*)?$/.exec(globalId ?? '');
  if (!match || (kind && match[1] !== kind)) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Like idOf, for ids Shopify itself gave, which are always there. */
export function idFrom(globalId: string, kind: Kind): number {
  const id = idOf(globalId, kind);
  if (id === null) throw new ShopifyError(`Shopify gave ${globalId} where a ${kind} id belongs`);
  return id;
}

/** A port id that can be a Shopify id; a query for anything else would only be refused. */
export const isShopifyId = (id: number) => Number.isSafeInteger(id) && id > 0;

export interface MoneyV2 {
  amount: string;
  currencyCode?: string;
}
/** A MoneyBag's side in the shopper's currency (`presentmentMoney`). */
export interface MoneyBag {
  presentmentMoney: MoneyV2;
}

export const minor = (money: MoneyV2 | null | undefined, currency: string) =>
  money ? parseMinor(money.amount, money.currencyCode ?? currency) : 0;
export const bag = (set: MoneyBag | null | undefined, currency: string) => minor(set?.presentmentMoney, currency);
export const decimal = (amount: number, currency: string) => minorToDecimal(amount, currency);

export const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
export const secondsOrNull = (iso: string | null | undefined) => (iso ? seconds(iso) : null);
export const isoAt = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().replace(/\.000Z$/, 'Z');

/**
 * A value for Shopify's search syntax, matched as it is: backslash before the characters the syntax gives a meaning
 * (`: \ ( ) " '`, the `*` wildcard) and before spaces, so a phrase stays one term.
 */
export const searchValue = (text: string) => text.replace(/[\\:()"'* ]/g, (c) => `\\${c}`);

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}
