import type { BlockLists } from '@return-center/contract';

/** What the server knows of the order a rule looks at. Money in minor units, times in seconds. */
export interface RuleOrderFacts {
  number: string;
  email: string;
  createdAt: number;
  deliveredAt: number | null;
  /** The order's total. */
  value: number;
  tags: readonly string[];
  discountCodes: readonly string[];
  /** The shipping address: ISO country code, province or state code, and `address1, zip` for the block list. */
  country: string;
  region: string;
  address: string;
}

/**
 * One order line as a rule sees it. What the shopper has not chosen yet (reason, photos, description) is left out,
 * and a condition on it does not match until it is known.
 */
export interface RuleItemFacts {
  lineId: number;
  /** Unit price. */
  price: number;
  /** The units being returned (or, before the shopper chooses, the units that could be). */
  quantity: number;
  productType: string;
  tags: readonly string[];
  collections: readonly string[];
  sku: string;
  vendor: string;
  reasonId?: number;
  reasonGroupId?: number;
  photos?: number;
  description?: string;
}

/** The shopper's earlier returns at this shop. */
export interface ShopperHistory {
  requests: readonly { createdAt: number; refunded: number }[];
  /** The shopper's orders at the shop, and how many of them have a return request. */
  orders: number;
  ordersWithReturn: number;
}

export interface RuleFacts {
  now: number;
  order: RuleOrderFacts;
  /** The items being returned; every returnable line before the shopper chooses. */
  items: readonly RuleItemFacts[];
  shopper: ShopperHistory;
  lists: BlockLists;
  solutionId?: number;
  methodId?: number;
  /** What the chosen items refund before fees. */
  refundValue?: number;
}

/** Tags that mark a line as final sale (compared without regard to case). */
export const FINAL_SALE_TAGS: readonly string[] = ['final-sale', 'non-returnable'];

export const isFinalSale = (tags: readonly string[]): boolean =>
  tags.some((tag) => FINAL_SALE_TAGS.includes(tag.toLowerCase()));
