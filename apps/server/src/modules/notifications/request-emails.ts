import type { CheckInfo } from '@return-center/contract';
import { formatMoney } from '@return-center/domain';
import type { MailMessage } from '../../adapters/mail/port.js';
import type { Shop } from '../storefront-config/shop.js';
import type { EmailTemplatesService } from './email-templates.service.js';

/** The moments of a request the shop's other systems hear about as they are emailed (webhooks, ADR 041). */
export const REQUEST_EVENTS = ['submitted', 'approved', 'rejected', 'received', 'refunded', 'resolved'] as const;
export type RequestEvent = (typeof REQUEST_EVENTS)[number];
/** Every email about a request: its moments, the exchange's order, a bank payout that failed, a card hold's steps. */
export const REQUEST_EMAILS = [
  ...REQUEST_EVENTS,
  'exchange_order',
  'payout_failed',
  'hold_placed',
  'hold_released',
  'hold_captured',
] as const;
export type RequestEmail = (typeof REQUEST_EMAILS)[number];
export const isRequestEvent = (email: RequestEmail): email is RequestEvent =>
  (REQUEST_EVENTS as readonly string[]).includes(email);

/** The items refunded and the others with the desk's reason, named only after a detailed receipt. */
function inspectedItems(detail: CheckInfo): { refunded_items: string; other_items: string } {
  const refunded: string[] = [];
  const others: string[] = [];
  for (const { title, inspection } of detail.product_items) {
    if (!inspection) continue;
    if (inspection.accepted > 0) refunded.push(`${title} ×${String(inspection.accepted)}`);
    for (const { quantity, reason } of inspection.rejected)
      others.push(`${title} ×${String(quantity)}${reason ? ` (${reason})` : ''}`);
  }
  return { refunded_items: refunded.join(', '), other_items: others.join(', ') };
}

/** What a request's email may say: the catalog's variables of every request notification (ADR 042). */
export function requestVariables(shop: Shop, detail: CheckInfo, publicUrl: string): Record<string, string> {
  const money = (amount: number) => formatMoney(amount, detail.currency, detail.currency_format);
  // What the shop's fees and rules took from the refund (issue 32), told when the shopper submits and when refunded.
  const fees = detail.return_fee + detail.label_fee + detail.restocking_fee;
  return {
    store_name: shop.name,
    rma: detail.rma,
    order_number: detail.order_no,
    // The link names the shop: one server serves several, and the portal opens the default one otherwise.
    status_url: `${publicUrl}/status-manage/return-details/${detail.id}?shop=${encodeURIComponent(shop.shopUrl)}`,
    reason: detail.decline_reason,
    amount: money(detail.actual_refund),
    code: detail.discount_code || detail.gift_card_code,
    fees: fees > 0 ? money(fees) : '',
    drop_off_code: detail.drop_off?.code ?? '',
    label_url: detail.label_url ? publicUrl + detail.label_url : '',
    packing_slip_url: detail.packing_slip_url ? publicUrl + detail.packing_slip_url : '',
    exchange_order: detail.exchange_order?.order_name ?? '',
    ...inspectedItems(detail),
  };
}

/** The email telling the shopper about their request, from the shop's template in their language and brand. */
export function requestEmail(
  templates: Pick<EmailTemplatesService, 'message'>,
  shop: Shop,
  email: RequestEmail,
  detail: CheckInfo,
  lang: string,
  publicUrl: string,
): Promise<MailMessage> {
  const vars = requestVariables(shop, detail, publicUrl);
  // The QR image is fetched by the mail client from a signed link, like the label; the code is in the text too.
  const qrUrl = detail.drop_off ? publicUrl + detail.drop_off.qr_url : undefined;
  return templates.message(shop, email, lang, detail.customer_info.email, vars, { qrUrl });
}
