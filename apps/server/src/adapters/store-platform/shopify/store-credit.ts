import { createHmac } from 'node:crypto';
import type { RefundRequest } from '../port.js';
import { ShopifyError, ShopifyUserError, type Operation, type Session, type UserError } from './client.js';
import type { LedgerOrder } from './ledger.js';
import { decimal, seconds } from './mapping.js';

/**
 * Store credit through Shopify: a single-use discount code (`discountCodeBasicCreate`) or a gift card
 * (`giftCardCreate`). Neither mutation takes an idempotency key, so the code itself is the key: made from our refund's
 * key under a secret (so no one can work a code out from a request number), it is the same on every attempt, and an
 * attempt after a lost answer is refused as TAKEN and finds the code made before.
 */

/** Keys and codes made from our idempotency keys, under a secret every instance of the server shares. */
export class Keys {
  constructor(private readonly secret: string) {}

  private digest(purpose: string, orderId: number, key: string): string {
    return createHmac('sha256', this.secret)
      .update(`${purpose}\n${String(orderId)}\n${key}`)
      .digest('hex');
  }

  /** The `@idempotent` key of a refundCreate: UUID-shaped, as Shopify recommends. */
  idempotency(orderId: number, key: string): string {
    const h = this.digest('refund', orderId, key);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  discountCode(orderId: number, key: string): string {
    return `RETURN-${this.digest('discount', orderId, key).slice(0, 10).toUpperCase()}`;
  }

  /** 16 letters and digits: gift card codes are 8 to 20 of them. */
  giftCardCode(orderId: number, key: string): string {
    return `GIFT${this.digest('gift-card', orderId, key).slice(0, 12).toUpperCase()}`;
  }
}

const DISCOUNT_CREATE: Operation = {
  name: 'DiscountCodeCreate',
  query: `mutation DiscountCodeCreate($discount: DiscountCodeBasicInput!) {
    discountCodeBasicCreate(basicCodeDiscount: $discount) {
      codeDiscountNode { id codeDiscount { ... on DiscountCodeBasic { createdAt } } }
      userErrors { field message code }
    }
  }`,
  retryable: true,
};

const DISCOUNT_BY_CODE: Operation = {
  name: 'DiscountByCode',
  query: `query DiscountByCode($code: String!) {
    codeDiscountNodeByCode(code: $code) { id codeDiscount { ... on DiscountCodeBasic { createdAt } } }
  }`,
  retryable: true,
};

const GIFT_CARD_CREATE: Operation = {
  name: 'GiftCardCreate',
  query: `mutation GiftCardCreate($input: GiftCardCreateInput!) {
    giftCardCreate(input: $input) { giftCard { id createdAt } userErrors { field message code } }
  }`,
  retryable: true,
};

const GIFT_CARD_BY_CODE: Operation = {
  name: 'GiftCardByCode',
  query: `query GiftCardByCode($query: String!) { giftCards(first: 1, query: $query) { nodes { id createdAt } } }`,
  retryable: true,
};

interface Made {
  reference: string;
  code: string;
  createdAt: number;
}

export function makeCredit(s: Session, keys: Keys, order: LedgerOrder, input: RefundRequest): Promise<Made> {
  return input.kind === 'gift_card' ? giftCard(s, keys, order, input) : discountCode(s, keys, order, input);
}

/** A code for the amount off one order, usable once, by whoever has it (like a gift card), from now on. */
async function discountCode(s: Session, keys: Keys, order: LedgerOrder, input: RefundRequest): Promise<Made> {
  const code = keys.discountCode(order.id, input.idempotencyKey);
  type Node = { id: string; codeDiscount: { createdAt?: string } | null };
  const { discountCodeBasicCreate: created } = await s.request<{
    discountCodeBasicCreate: { codeDiscountNode: Node | null; userErrors: UserError[] };
  }>(DISCOUNT_CREATE, {
    discount: {
      title: `Return credit for order ${order.name}`,
      code,
      startsAt: new Date(s.nowMs()).toISOString(),
      usageLimit: 1,
      appliesOncePerCustomer: true,
      context: { all: 'ALL' },
      customerGets: {
        value: { discountAmount: { amount: decimal(input.amount, input.currency), appliesOnEachItem: false } },
        items: { all: true },
      },
    },
  });
  let node = created.codeDiscountNode;
  if (!node) {
    if (!taken(created.userErrors)) throw new ShopifyUserError('DiscountCodeCreate', created.userErrors);
    node = (await s.request<{ codeDiscountNodeByCode: Node | null }>(DISCOUNT_BY_CODE, { code }))
      .codeDiscountNodeByCode;
    if (!node) throw new ShopifyError(`Shopify says discount code ${code} is taken but has none`);
  }
  const createdAt = node.codeDiscount?.createdAt;
  return { reference: node.id, code, createdAt: createdAt ? seconds(createdAt) : Math.floor(s.nowMs() / 1000) };
}

async function giftCard(s: Session, keys: Keys, order: LedgerOrder, input: RefundRequest): Promise<Made> {
  const code = keys.giftCardCode(order.id, input.idempotencyKey);
  type Card = { id: string; createdAt: string };
  const { giftCardCreate: created } = await s.request<{
    giftCardCreate: { giftCard: Card | null; userErrors: UserError[] };
  }>(GIFT_CARD_CREATE, {
    input: {
      initialAmount: { amount: decimal(input.amount, input.currency), currencyCode: input.currency },
      code,
      note: `Return credit for order ${order.name}`,
      ...(order.customerId ? { customerId: order.customerId } : {}),
    },
  });
  let card = created.giftCard;
  if (!card) {
    if (!taken(created.userErrors)) throw new ShopifyUserError('GiftCardCreate', created.userErrors);
    // The default search of gift cards covers their codes.
    card =
      (await s.request<{ giftCards: { nodes: Card[] } }>(GIFT_CARD_BY_CODE, { query: code })).giftCards.nodes[0] ??
      null;
    if (!card) throw new ShopifyError(`Shopify says gift card code …${code.slice(-4)} is taken but has none`);
  }
  return { reference: card.id, code, createdAt: seconds(card.createdAt) };
}

const taken = (errors: UserError[]) => errors.length > 0 && errors.every((e) => e.code === 'TAKEN');
