import type { ExchangeHold, PickupSlot, returnFormProduct } from '@return-center/contract';
import { ShippingMethodId, SolutionId } from '@return-center/contract/zod-free';
import type { ExchangeItem } from '@return-center/domain';
import { useCallback, useSyncExternalStore } from 'react';
import type { z } from 'zod';

/**
 * One chosen line: the part of the contract's return form entry (spec §3) the portal keeps. The reason's group, and
 * the line's product and variant (which the exchange pages start from before the order has come), are missing only
 * from a form saved before they were kept.
 */
export type FormItem = Pick<
  z.infer<typeof returnFormProduct>,
  'line_item_id' | 'quantity' | 'reason_id' | 'reason_text' | 'reason_description' | 'provide_proof'
> &
  Partial<Pick<z.infer<typeof returnFormProduct>, 'reason_group_id' | 'product_id' | 'variant'>>;

/** A new item chosen for an exchange (spec §3 returnExchangeList), with the names the screens show. */
export interface ExchangeChoice extends ExchangeItem {
  product_id: number;
  title: string;
  variant_title: string;
}

/** Spec §3 return form data for one order, kept in localStorage so a reload keeps it (spec §4). */
export interface ReturnForm {
  order_product: Record<string, FormItem>;
  solution_id: number | null;
  shipping_method_id: number | null;
  /** What an exchange (solution 5) gives instead; empty for any other solution. */
  exchange_items: ExchangeChoice[];
  /** The draft the shopper paid the difference for, and the new items it was for (see paidDraftOf). */
  exchange_paid: { draft_order_id: string; items: string } | null;
  /** An instant exchange: the card hold the shopper authorised, as the server answered it, and its new items. */
  exchange_hold: { hold: ExchangeHold; items: string } | null;
  /** Carrier pickup (method 4): where and when, seeded once from the order's pickup_address (spec §4). */
  pickup: PickupSlot | null;
  /** Bank transfer (solution 6): the payee account the shopper created, as the submit sends it. */
  wise: BankPayee | null;
  /** Makes submit idempotent across double clicks and retries. */
  idempotency_key: string;
}

export type { PickupSlot };
export interface BankPayee {
  iban: string;
  name: string;
  account_id: string;
  currency: string;
}

const keyOf = (orderId: number) => `return-form:${orderId}`;
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; form: ReturnForm }>();

const fresh = (): ReturnForm => ({
  order_product: {},
  solution_id: null,
  shipping_method_id: null,
  exchange_items: [],
  exchange_paid: null,
  exchange_hold: null,
  pickup: null,
  wise: null,
  idempotency_key: crypto.randomUUID(),
});

function read(orderId: number): ReturnForm {
  const key = keyOf(orderId);
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    /* storage unavailable */
  }
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.form;
  let form = fresh();
  try {
    if (raw) form = { ...form, ...(JSON.parse(raw) as ReturnForm) };
  } catch {
    /* a corrupt entry starts over */
  }
  cache.set(key, { raw, form });
  return form;
}

function write(orderId: number, form: ReturnForm | null) {
  try {
    if (form) window.localStorage.setItem(keyOf(orderId), JSON.stringify(form));
    else window.localStorage.removeItem(keyOf(orderId));
  } catch {
    cache.set(keyOf(orderId), { raw: form ? JSON.stringify(form) : null, form: form ?? fresh() });
  }
  listeners.forEach((listener) => listener());
}

/** The form as stored, outside React: the router starts a screen's first calls from it (app/first-data.ts). */
export const storedReturnForm = read;

export function useReturnForm(orderId: number) {
  const form = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => read(orderId),
  );
  const update = useCallback(
    (change: (form: ReturnForm) => ReturnForm) => write(orderId, change(read(orderId))),
    [orderId],
  );
  const reset = useCallback(() => write(orderId, null), [orderId]);
  return { form, update, reset };
}

export const selectedItems = (form: ReturnForm) =>
  Object.values(form.order_product).filter((item) => item.quantity > 0);

/** The chosen lines in the shape the return calls take. */
export const selectedLines = (form: ReturnForm) =>
  selectedItems(form).map((item) => ({
    line_item_id: item.line_item_id,
    quantity: item.quantity,
    reason_id: item.reason_id,
  }));

/** Where the exchange pages send a form that is not theirs (no returned item, or not an exchange); null when it is. */
export function exchangeFormRedirect(form: ReturnForm, orderId: number): string | null {
  if (selectedItems(form).length === 0) return `/process-manage/select/${orderId}`;
  if (form.solution_id !== SolutionId.Exchange) return `/process-manage/solution/${orderId}`;
  return null;
}

/** Where the pickup page sends a form that is not for a pickup (no lines, or another method); null when it is. */
export const pickupFormRedirect = (form: ReturnForm, orderId: number): string | null =>
  selectedLines(form).length === 0 || form.shipping_method_id !== ShippingMethodId.CarrierPickup
    ? `/process-manage/method/${orderId}`
    : null;

/** Step 2 starts a bank transfer from the account given for this order before, which the order's answer holds. */
export const wantsSavedPayee = (form: ReturnForm) => form.solution_id === SolutionId.BankTransfer;

/**
 * Spec §7 `order_product[].change`: the new variant when the exchange swaps the returned product for another variant
 * of itself (a size or colour); null for any other return, and for an exchange for other goods.
 */
export const changeOf = (form: ReturnForm, returnedProductId: number | undefined) => {
  const swap =
    form.solution_id === SolutionId.Exchange
      ? form.exchange_items.find((item) => item.product_id === returnedProductId)
      : undefined;
  return swap ? { product_id: swap.product_id, variant_id: swap.variant_id } : null;
};

/** The exchange's new items in the shape the submit takes. */
export const exchangeLineItems = (form: ReturnForm) =>
  form.exchange_items.map((item) => ({ variant_id: item.variant_id, quantity: item.count }));

/** The new items as the pay step saw them: a paid draft counts only for the same choice. */
const itemsKey = (items: readonly ExchangeChoice[]) =>
  JSON.stringify(items.map((item) => [item.variant_id, item.count]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)));

/** The form once the shopper paid the difference for its current new items. */
export const withPaidDraft = (form: ReturnForm, draftId: string): ReturnForm => ({
  ...form,
  exchange_paid: { draft_order_id: draftId, items: itemsKey(form.exchange_items) },
});

/** The draft paid for the form's current new items; null when none was, or the items changed since. */
export const paidDraftOf = (form: ReturnForm): string | null =>
  form.exchange_paid && form.exchange_paid.items === itemsKey(form.exchange_items)
    ? form.exchange_paid.draft_order_id
    : null;

/** The form once the shopper authorised the card hold of an instant exchange for its current new items. */
export const withHold = (form: ReturnForm, hold: ExchangeHold): ReturnForm => ({
  ...form,
  exchange_hold: { hold, items: itemsKey(form.exchange_items) },
});

/** The held card hold of the form's current new items: the exchange is instant. Null when none, or items changed. */
export const heldOf = (form: ReturnForm): ExchangeHold | null =>
  form.exchange_hold?.hold.state === 'held' && form.exchange_hold.items === itemsKey(form.exchange_items)
    ? form.exchange_hold.hold
    : null;
