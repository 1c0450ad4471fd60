import { RequestStatus, rmaReference, SolutionId, type CheckInfo, type ShopSettings } from '@return-center/contract';
import type { z } from 'zod';
import type { exchangeOrder } from '@return-center/contract';
import type { ExchangeItem } from './new-request.js';
import { exchangeDifference, parseDeskOutcome, type ReturnMoneyResult } from '@return-center/domain';
import type { PlatformOrder } from '../../adapters/store-platform/port.js';
import { PICKUP_METHOD, SHIPPING_METHODS, SOLUTIONS, currencyFormat } from '../orders/order-source.js';
import { pickupChangeable, readSlot } from '../pickup/pickup-slot.js';
import type { Shop } from '../storefront-config/shop.js';
import { exchangeSubtotal, reconcileRequest } from './exchange-ledger.js';
import { acceptedAmount, shopperInspection } from './inspection.js';
import type { InspectionRecord, ItemRecord, RequestRecord } from './request-record.js';

const emptyMoney: ReturnMoneyResult = {
  origin_subtotal: 0,
  discount: 0,
  tax: 0,
  refund: 0,
  shipping: { money: 0, tax: 0, max: 0 },
  return_fee: 0,
  label_fee: 0,
  restocking_fee: 0,
  total: 0,
  max_refund: 0,
  bonus: 0,
};

type ExchangeOrder = z.infer<typeof exchangeOrder>;

export function formatAddress(address: ShopSettings['return_address']): string {
  return [
    address.name,
    address.address1,
    address.address2,
    `${address.city}, ${address.province_code} ${address.zip}`,
    address.country_code,
  ]
    .filter((part) => part.trim() !== '')
    .join('\n');
}

function pickupOf(request: RequestRecord): CheckInfo['pickup'] {
  if (!request.pickup) return null;
  const { address, time, date, timezone } = readSlot(request.pickup);
  return { address, time, date, timezone, changeable: pickupChangeable(request) };
}

/**
 * The most the merchant may refund on a request (the refund action's ceiling, sent to the console as `refundable`):
 * what the return was computed to give back, or for an exchange only its credit left over beyond the new items, less
 * the shop's bonus (credit to spend at the shop, never money): its reconciliation's refundable (ADR 049).
 */
export function refundCeiling(
  request: RequestRecord,
  items: readonly ItemRecord[],
  inspections: readonly InspectionRecord[],
): number {
  const money = JSON.parse(request.money || '{}') as { total?: number };
  // After a detailed receipt only the accepted units earn their share (issue 33).
  return request.solution_id === SolutionId.Exchange
    ? reconcileRequest(request, items, inspections).refundable
    : acceptedAmount(money.total ?? request.refund, items, inspections);
}

/**
 * What an exchange request gets instead of money (spec §3 exchange_order): the new items as they were at submit, their
 * total, and what is left of the return's credit. The exchange order's own id and name stay empty until the merchant's
 * approval has turned the draft into an order (job request.exchange.complete).
 */
function exchangeOrderOf(
  request: RequestRecord,
  currency: { currency: string; currency_format: string },
): ExchangeOrder | null {
  if (!request.exchange_draft_order_id) return null;
  const credit = request.exchange_credit;
  const items = JSON.parse(request.exchange_items) as ExchangeItem[];
  const subtotal = exchangeSubtotal(request);
  const due = exchangeDifference(credit, subtotal);
  return {
    draft_order_id: request.exchange_draft_order_id,
    total_line_items_price: subtotal,
    discount_amount: 0,
    remain_credit: Math.max(0, credit - subtotal),
    total_price: due,
    refunded_payment: request.exchange_refunded,
    order_id: request.exchange_order_id,
    order_name: request.exchange_order_name,
    line_items: items.map((item) => ({
      variant_id: item.variant_id,
      title: [item.title, item.variant_title].filter(Boolean).join(' / '),
      quantity: item.quantity,
      price: item.price,
    })),
    total_price_set: { ...currency, money: due },
    tax_estimate: 0,
    tax_present: false,
    exchange_order_currency_symbol: currency.currency_format.replace(/\{\{\s*\w+\s*\}\}/, '').trim(),
    taxes_included: false,
    exchange_credit: credit,
  };
}

/** The detail record (spec §3 checkInfo) of one request, as the shopper and the merchant see it. */
export function buildCheckInfo(
  shop: Shop,
  order: PlatformOrder,
  request: RequestRecord,
  items: ItemRecord[],
  inspections: readonly InspectionRecord[] = [],
): CheckInfo {
  const money: ReturnMoneyResult = {
    ...emptyMoney,
    ...(JSON.parse(request.money || '{}') as Partial<ReturnMoneyResult>),
  };
  const currencySet = { currency: order.currency, currency_format: currencyFormat(order.currency, shop) };
  const tracking = request.tracking_number
    ? [{ number: request.tracking_number, carrier: request.shipping_carrier, at: request.updated_at }]
    : [];
  return {
    id: request.id,
    status: request.status,
    refund_state: request.refund_state,
    currency_format: currencyFormat(order.currency, shop),
    currency: order.currency,
    decline_reason: request.status === RequestStatus.Rejected ? request.decline_reason : '',
    shipping: money.shipping.money,
    rma: rmaReference(request.id),
    solution_id: request.solution_id,
    shipping_method_id: request.shipping_method_id,
    order_no: order.name,
    tax: money.tax,
    refund: money.refund,
    discount: money.discount,
    total: money.total,
    // A gift return's emails and credit go to its recipient, and its pages never show the buyer's address (ADR 044).
    customer_info: { email: request.gift_email || order.email, name: '' },
    tracking_number: request.tracking_number,
    shipping_carrier: request.shipping_carrier,
    store_name: shop.name,
    taxes_included: false,
    merchant: { email: shop.contactEmail, phone: shop.contactPhone },
    solution: SOLUTIONS.find((s) => s.id === request.solution_id)?.name ?? '',
    shipping_method: SHIPPING_METHODS.find((m) => m.id === request.shipping_method_id)?.name ?? '',
    product_items: items.map((item) => {
      const line = order.lines.find((l) => l.id === item.order_line_id);
      return {
        line_item_id: item.order_line_id,
        title: line ? [line.title, line.variantTitle].filter(Boolean).join(' / ') : '',
        quantity: item.quantity,
        price: line?.price ?? 0,
        image: line?.image ?? '',
        reason_text: item.reason_text,
        inspection: shopperInspection(item, inspections),
      };
    }),
    inspected_total: inspections.length ? refundCeiling(request, items, inspections) : null,
    shipping_address: '',
    // A rule may send the return to one of the shop's warehouses instead of its own address (issue 32).
    return_address:
      request.shipping_method_id === 3
        ? ''
        : formatAddress(parseDeskOutcome(request.rule_outcome).returnAddress?.address ?? shop.settings.return_address),
    return_shipment_proof: JSON.parse(request.tracking_proof || '[]') as string[],
    is_select_shipping_method_later: false,
    return_rewards_method: '',
    return_rewards_shop_amount: 0,
    packing_slip_url: request.packing_slip_url,
    label_url: request.label_url,
    drop_off: request.drop_off_code ? { code: request.drop_off_code, qr_url: '' } : null,
    gift_balance: 0,
    discount_code: request.discount_code,
    gift_card_code: request.gift_card_code,
    actual_refund: request.actual_refund,
    label_fee: money.label_fee,
    return_fee: money.return_fee,
    restocking_fee: money.restocking_fee,
    bonus: money.bonus,
    tracking,
    return_address_mode: 1,
    specious_setting: { hidden_refund: shop.settings.hidden_refund },
    pickup: pickupOf(request),
    pickupMethod: request.pickup ? PICKUP_METHOD : null,
    exchange_order: exchangeOrderOf(request, currencySet),
    created_at: request.created_at,
  };
}
