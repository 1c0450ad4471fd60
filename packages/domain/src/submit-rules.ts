import { MAX_PROOF_IMAGES, messages, SolutionId, type Reason } from '@return-center/contract';

/** Spec §7: a submit's `type` is 2 for an exchange (solution 5), 1 for every other return. */
export const requestTypeOf = (solutionId: number): 1 | 2 => (solutionId === SolutionId.Exchange ? 2 : 1);

/** The proof photos a shopper gave for an item: a failed upload leaves a blank entry, which is no photo. */
export const givenProof = (urls: readonly string[]): string[] => urls.filter((url) => url.trim() !== '');

/** Spec §5: a reason that asks for proof needs at least one photo. */
export const lacksRequiredProof = (reason: Pick<Reason, 'proof'>, urls: readonly string[]): boolean =>
  reason.proof === 'required' && givenProof(urls).length === 0;

/** One chosen line of a submit (contract `setReturnOrder.order_product`), as far as its checks go. */
export interface AskedProduct {
  order_product_id: number;
  reason: { reason_id: number; provide_proof: string[] };
}

/** What a submit asks for, as far as its checks go (contract `setReturnOrder`). */
export interface SubmitAsked<P extends AskedProduct> {
  solution_id: number;
  shipping_method_id: number;
  type: number;
  shopify_order_id: string;
  order_product: P[];
  exchange_line_items?: unknown[];
}

/** What the server knows of the order and the shop when a submit comes. */
export interface SubmitFacts<R extends Pick<Reason, 'id' | 'proof'>> {
  /** The solutions the order offers. */
  solutions: readonly number[];
  /** The shipping methods this return may use (allowedShippingMethods). */
  methods: readonly number[];
  /** The order's id on its platform: a submit names it, or leaves it empty. */
  platformOrderId: string;
  /** The shop's return reasons. */
  reasons: readonly R[];
  /** The ids of the chosen lines, already checked against the order (checkSelection on the server). */
  lines: readonly number[];
}

/** A chosen line as the submit asked for it, with its reason and the photos given. */
export interface SubmittedItem<P, R> {
  product: P;
  reason: R;
  proof: string[];
}

/** The first rule a submit breaks, as the message the shopper's client gets (`field: why`), or its items. */
export type SubmitCheck<P, R> = { problem: string } | { problem: null; items: SubmittedItem<P, R>[] };

/**
 * The submit's own rules (spec §5, §7): a solution the order offers, the type it implies, the order's platform id, a
 * method this return may use, a reason for each chosen line with the proof it asks for, at most MAX_PROOF_IMAGES
 * photos, and new items only for an exchange.
 */
export function checkSubmit<P extends AskedProduct, R extends Pick<Reason, 'id' | 'proof'>>(
  submit: SubmitAsked<P>,
  facts: SubmitFacts<R>,
): SubmitCheck<P, R> {
  const problem = (text: string): SubmitCheck<P, R> => ({ problem: text });
  if (!facts.solutions.includes(submit.solution_id)) return problem('solution_id: not offered for this order');
  if (submit.type !== requestTypeOf(submit.solution_id))
    return problem('type: 2 for an exchange (solution 5), otherwise 1');
  if (submit.shopify_order_id !== '' && submit.shopify_order_id !== facts.platformOrderId)
    return problem('shopify_order_id: not the platform id of this order');
  if (!facts.methods.includes(submit.shipping_method_id))
    return problem('shipping_method_id: not offered for this return');
  const items: SubmittedItem<P, R>[] = [];
  for (const lineItemId of facts.lines) {
    const product = submit.order_product.find((p) => p.order_product_id === lineItemId);
    if (!product) return problem(messages.unselectedItem);
    const reason = facts.reasons.find((r) => r.id === product.reason.reason_id);
    if (!reason) return problem('reason_id: choose a return reason');
    if (lacksRequiredProof(reason, product.reason.provide_proof)) return problem(messages.provideRequiredInformation);
    items.push({ product, reason, proof: givenProof(product.reason.provide_proof) });
  }
  if (items.flatMap((item) => item.proof).length > MAX_PROOF_IMAGES) return problem(messages.imageLimit);
  if (submit.solution_id !== SolutionId.Exchange && submit.exchange_line_items?.length)
    return problem('exchange_line_items: only for an exchange (solution 5)');
  return { problem: null, items };
}
