import {
  calls,
  Code,
  NonReturnableReason,
  ShippingMethodId,
  SolutionId,
  type DeskItem,
  type OrderSource,
} from '@return-center/contract';
import { requestTypeOf } from '@return-center/domain';
import type { PlatformOrder } from '../../adapters/store-platform/port.js';
import { AppError, errors, fieldErrorsOf } from '../../http/app-error.js';
import type { Session } from '../auth/sessions.js';
import type { Shop } from '../storefront-config/shop.js';
import type { SubmitInput } from './submit-repeat.js';

/** What staff may choose at the desk (ADR 038): exchanges, bank transfers and pickups need the shopper's own input. */
export const DESK_SOLUTIONS: readonly number[] = [
  SolutionId.RefundOriginal,
  SolutionId.DiscountCode,
  SolutionId.GiftCard,
];
export const DESK_METHODS: readonly number[] = [
  ShippingMethodId.MerchantLabel,
  ShippingMethodId.OwnShipping,
  ShippingMethodId.KeepItem,
];

export interface Choice {
  items: DeskItem[];
  shipping_method_id: number;
}

const WHY_NOT: Record<string, string> = {
  [NonReturnableReason.ProcessedByApp]: 'already in another return request',
  [NonReturnableReason.RefundedAtPlatform]: 'already refunded at the store',
  [NonReturnableReason.MissedWindow]: 'the return window has passed',
};

/**
 * The order's shopper, as the portal's services know a caller: staff act for them on this one order. No token stands
 * behind it; it never leaves the server.
 */
export const shopperOf = (shop: Shop, order: PlatformOrder): Session => ({
  tokenHash: `desk:${String(order.id)}`,
  shopId: shop.id,
  email: order.email,
  orderId: order.id,
  gift: false,
  expiresAt: 0,
});

export const selectedOf = (items: DeskItem[]) =>
  items.map((item) => ({ line_item_id: item.line_item_id, quantity: item.quantity }));

/** Staff's items as the portal's submit carries them: the shop's reason (its group), the words, the kept photos. */
export const productsOf = (shop: Shop, items: DeskItem[], proofs = new Map<number, string[]>()) =>
  items.map((item) => ({
    id: item.line_item_id,
    order_product_id: item.line_item_id,
    quantity: item.quantity,
    change: null,
    reason: {
      reason_id: item.reason_id,
      reason_text: '',
      reason_group_id: shop.settings.reasons.find((reason) => reason.id === item.reason_id)?.group_id ?? 0,
      reason_description: item.description,
      provide_proof: proofs.get(item.line_item_id) ?? [],
    },
  }));

/** The portal's submit for staff's choice, read by the portal's own schema. */
export function submitOf(
  shop: Shop,
  body: Choice & { order_id: number },
  { solution_id, language }: { solution_id: number; language: string },
  proofs?: Map<number, string[]>,
): SubmitInput {
  return calls.setReturnOrder.payload.parse({
    order_id: body.order_id,
    solution_id,
    type: requestTypeOf(solution_id),
    shipping_method_id: body.shipping_method_id,
    idempotency_key: `desk-edit-${String(body.order_id)}`,
    language,
    order_product: productsOf(shop, body.items, proofs),
  });
}

/** Exchanges, bank transfers and carrier pickups are the shopper's to ask for in the portal. */
export function deskOnly(solutionId: number, methodId: number): void {
  if (!DESK_SOLUTIONS.includes(solutionId))
    throw errors.unprocessable(
      'solution_id',
      'exchanges and bank transfers are asked for by the shopper in the portal',
    );
  if (!DESK_METHODS.includes(methodId))
    throw errors.unprocessable('shipping_method_id', 'a carrier pickup is booked by the shopper in the portal');
}

/** Why each chosen line the order does not allow is refused, by its field (`items.0.line_item_id`). */
export function explainRefused(source: OrderSource, items: DeskItem[]): void {
  const fields = items.flatMap((item, index) => {
    const refused = source.no.find((line) => line.line_item_id === item.line_item_id);
    if (refused)
      return [
        {
          field: `items.${String(index)}.line_item_id`,
          message: `${refused.title}: ${refused.message?.text || WHY_NOT[refused.reason] || 'cannot be returned'}`,
        },
      ];
    if (!source.yes.some((line) => line.line_item_id === item.line_item_id))
      return [{ field: `items.${String(index)}.line_item_id`, message: 'not a line of this order' }];
    return [];
  });
  if (fields.length)
    throw new AppError(Code.InvalidInput, fields.map((f) => f.message).join('; '), 400, { errors: fields }, 422);
}

/** The portal's refusals of a choice (400 there) as the merchant API answers them: 422, naming the field. */
export async function refusedAs422<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.restStatus === 400 && error.data === null) {
      const named = /^([a-z_.\d]+): (.+)$/.exec(error.message);
      throw errors.unprocessable(named?.[1] ?? 'items', named?.[2] ?? error.message);
    }
    if (error instanceof Error && error.name === 'ZodError')
      throw errors.invalidFields(fieldErrorsOf(error as Parameters<typeof fieldErrorsOf>[0]));
    throw error;
  }
}

/** `console:ann@shop.test` → `ann@shop.test`; the API key's calls say so. */
export const staffName = (actor: string) =>
  actor.startsWith('console:') ? actor.slice('console:'.length) : 'the merchant API';
