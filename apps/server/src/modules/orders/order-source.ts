import {
  PICKUP_COUNTRY,
  RETURN_WINDOW_DAYS,
  PICKUP_DEFAULT_CARRIER,
  PICKUP_DEFAULT_TIME_SLOT,
  RequestStatus,
  ShippingMethodId,
  SolutionId,
  type NonReturnableLine,
  type OrderLine,
  type OrderSource,
  type PickupAddress,
} from '@return-center/contract';
import {
  allowedShippingMethods,
  isOpenRequest,
  lineEligibility,
  maskPhone,
  normalizePhone,
  offeredByRules,
  offeredSolutions,
  type RuleDecision,
} from '@return-center/domain';
import type { PlatformLine, PlatformOrder } from '../../adapters/store-platform/port.js';
import { defaultCurrencyFormat } from '../storefront-config/currency-format.js';
import type { Shop } from '../storefront-config/shop.js';
import type { RequestedUnits, RequestRow } from './orders.repository.js';

export const SOLUTIONS = [
  {
    id: SolutionId.RefundOriginal,
    name: 'Refund to original payment method',
    description: 'Arrives within 10 business days after we receive the item.',
  },
  { id: SolutionId.DiscountCode, name: 'Store discount code', description: 'A discount code for your next order.' },
  { id: SolutionId.GiftCard, name: 'Store gift card', description: 'A gift card for the store.' },
  { id: SolutionId.Exchange, name: 'Exchange', description: 'Swap for another size, colour or product.' },
  { id: SolutionId.BankTransfer, name: 'Bank transfer', description: 'Refund to your bank account.' },
];

export const SHIPPING_METHODS = [
  {
    id: ShippingMethodId.MerchantLabel,
    name: 'Return label from the merchant',
    description: 'We email you a prepaid label.',
  },
  {
    id: ShippingMethodId.OwnShipping,
    name: 'Ship on your own',
    description: 'Send the item back with a carrier of your choice.',
  },
  { id: ShippingMethodId.KeepItem, name: 'Keep the item', description: 'No need to send it back.' },
  {
    id: ShippingMethodId.CarrierPickup,
    name: 'Carrier pickup',
    description: 'A carrier picks it up at your home (US only).',
  },
];

export const PICKUP_TIMES: Record<string, string> = {
  '9-11': '9:00 AM - 11:00 AM',
  '11-13': '11:00 AM - 1:00 PM',
  '13-15': '1:00 PM - 3:00 PM',
  '15-17': '3:00 PM - 5:00 PM',
};

export const PICKUP_METHOD = {
  carrierDefault: PICKUP_DEFAULT_CARRIER,
  carriersList: [{ value: PICKUP_DEFAULT_CARRIER, label: 'USPS' }],
  pickupTime: PICKUP_TIMES,
  pickupTimeDefault: PICKUP_DEFAULT_TIME_SLOT,
};

/** The solutions of these ids, as the portal lists them. */
export const solutionEntries = (ids: readonly number[]) => SOLUTIONS.filter((solution) => ids.includes(solution.id));

/** The shipping methods of these ids, as the portal lists them, with the label's fee. */
export const methodEntries = (shop: Shop, ids: readonly number[]) =>
  SHIPPING_METHODS.filter((m) => ids.includes(m.id)).map((m) => ({
    ...m,
    fee: m.id === ShippingMethodId.MerchantLabel ? shop.settings.return_setting.label_fee : 0,
  }));

export const openRequest = (requests: RequestRow[], orderId: number) =>
  requests.find((r) => r.order_id === orderId && isOpenRequest(r.status)) ?? null;

export function toOrderLine(line: PlatformLine, refundable: number): OrderLine {
  return {
    id: line.id,
    line_item_id: line.id,
    product_id: line.productId,
    variant: { product_id: line.productId, variant_id: line.variantId },
    title: line.title,
    variant_title: line.variantTitle,
    sku: line.sku,
    image: line.image,
    price: line.price,
    quantity: line.quantity,
    refundable_quantity: refundable,
  };
}

/** Splits an order's lines into returnable (`yes`) and not (`no`, with the reason), as the shop's rules decided. */
export function classifyLines(
  order: PlatformOrder,
  requested: RequestedUnits,
  requests: RequestRow[],
  decision: Pick<RuleDecision, 'items'>,
  now: number,
) {
  const yes: OrderLine[] = [];
  const no: NonReturnableLine[] = [];
  // The request that took the line: any not rejected (a completed one still holds what it returned).
  const holder = requests.find((r) => r.order_id === order.id && r.status !== RequestStatus.Rejected)?.id ?? null;
  for (const line of order.lines) {
    const decided = decision.items.find((item) => item.lineId === line.id);
    const { reason, refundable } = lineEligibility(
      { createdAt: order.createdAt, refunded: order.refunded },
      {
        quantity: line.quantity,
        refundedQuantity: line.refundedQuantity,
        requestedQuantity: requested.open.get(line.id) ?? 0,
        completedQuantity: requested.completed.get(line.id) ?? 0,
      },
      { windowDays: decided?.windowDays ?? RETURN_WINDOW_DAYS, denied: Boolean(decided?.denied) },
      now,
    );
    if (reason === null) yes.push(toOrderLine(line, refundable));
    else
      no.push({
        ...toOrderLine(line, 0),
        reason,
        request_id: reason === 'processed_by_app' ? holder : null,
        message: reason === 'other' ? (decided?.denied?.message ?? null) : null,
      });
  }
  return { yes, no };
}

export function buildOrderSource(
  shop: Shop,
  order: PlatformOrder,
  lines: ReturnType<typeof classifyLines>,
  requests: RequestRow[],
  decision: RuleDecision,
): OrderSource {
  const configuredMethods = offeredByRules(shop.settings.shipping_methods, decision.offerMethods, decision.hideMethods);
  // Order-level answers; the chosen lines refine them (returns orderConfig / checkRule).
  // Carriers pick up in the United States only (spec §9): the order must have been shipped there.
  const pickupIsOk =
    order.shippingAddress?.country_code === PICKUP_COUNTRY &&
    allowedShippingMethods(configuredMethods, undefined, {
      delivery_date_check: false,
      pickup_is_ok: true,
    }).includes(ShippingMethodId.CarrierPickup);
  // Decided before the shopper chooses, as for a refund of nothing: whether keeping the item could be offered at all.
  const greenPossible = decision.keepItem?.allow ?? false;
  const methods = allowedShippingMethods(configuredMethods, undefined, {
    delivery_date_check: greenPossible,
    pickup_is_ok: pickupIsOk,
  });
  const solutions = offeredSolutions(
    offeredByRules(shop.settings.solutions, decision.offerSolutions, decision.hideSolutions),
  );
  return {
    id: order.id,
    order_name: order.name,
    order_create_time: order.createdAt,
    no: lines.no,
    yes: lines.yes,
    return_setting: shop.settings.return_setting,
    total_price_set: {
      currency: order.currency,
      currency_format: currencyFormat(order.currency, shop),
      money: order.total,
    },
    shopify_order_id: order.platformId,
    returnShippingMethod: methodEntries(shop, methods),
    returnSolution: solutionEntries(solutions),
    pickupMethod: PICKUP_METHOD,
    pickup_is_ok: pickupIsOk,
    has_free_shipping: order.shipping === 0,
    delivery_date_check: greenPossible,
    customer_wise_name: '',
    customer_wise_iban: '',
    wise_account_id: '',
    customer_wise_currency: 'GBP',
    hidden_refund: shop.settings.hidden_refund,
    return_reason_same: 1,
    pickup_address: pickupAddressOf(order),
    request_id: openRequest(requests, order.id)?.id ?? null,
  };
}

/** Where the order was shipped, as the pickup form's starting point; what it lacks the shopper fills in. */
function pickupAddressOf(order: PlatformOrder): PickupAddress {
  const shipped = order.shippingAddress?.country_code === PICKUP_COUNTRY ? order.shippingAddress : null;
  const phone = normalizePhone(shipped?.phone || order.phone);
  return {
    country_code: PICKUP_COUNTRY,
    province_code: shipped?.province_code ?? '',
    apartment: shipped?.address2 ?? '',
    address1: shipped?.address1 ?? '',
    city: shipped?.city ?? '',
    zip: shipped?.zip ?? '',
    phone: phone.length === 10 ? maskPhone(phone) : '',
    email: order.email,
  };
}

export const currencyFormat = (currency: string, shop: Shop) =>
  currency === shop.currency ? shop.currencyFormat : defaultCurrencyFormat(currency);
