import type { CheckInfo } from '@return-center/contract';
import { formatMoney } from '@return-center/domain';
import type { MailMessage } from '../../adapters/mail/port.js';
import type { Shop } from '../storefront-config/shop.js';
import { brandedHtml, brandOf, escapeHtml } from './branded-layout.js';
import { mailText, type MailTextKey } from './mail-locales.js';

export const REQUEST_EVENTS = ['submitted', 'approved', 'rejected', 'received', 'refunded', 'resolved'] as const;
export type RequestEvent = (typeof REQUEST_EVENTS)[number];

/** The items refunded and the others with the desk's reason, named only after a detailed receipt. */
function inspectedItems(detail: CheckInfo): { refundedItems: string; otherItems: string } {
  const refunded: string[] = [];
  const others: string[] = [];
  for (const { title, inspection } of detail.product_items) {
    if (!inspection) continue;
    if (inspection.accepted > 0) refunded.push(`${title} ×${String(inspection.accepted)}`);
    for (const { quantity, reason } of inspection.rejected)
      others.push(`${title} ×${String(quantity)}${reason ? ` (${reason})` : ''}`);
  }
  return { refundedItems: refunded.join(', '), otherItems: others.join(', ') };
}

/** The email telling the shopper their request moved, in their language and the shop's brand. */
export function requestEmail(
  shop: Shop,
  event: RequestEvent,
  detail: CheckInfo,
  lang: string,
  publicUrl: string,
): MailMessage {
  // What the shop's fees and rules took from the refund (issue 32), told when the shopper submits and when refunded.
  const fees = detail.return_fee + detail.label_fee + detail.restocking_fee;
  const vars = {
    rma: detail.rma,
    order: detail.order_no,
    reason: detail.decline_reason,
    amount: formatMoney(detail.actual_refund, detail.currency, detail.currency_format),
    code: detail.discount_code || detail.gift_card_code,
    dropOff: detail.drop_off?.code ?? '',
    fees: formatMoney(fees, detail.currency, detail.currency_format),
    ...inspectedItems(detail),
  };
  const t = (key: MailTextKey) => mailText(lang, key, vars);
  const body = [t(`${event}Body`)];
  const links: [string, string][] = [];
  if (event === 'approved' && detail.label_url) links.push([t('approvedLabel'), publicUrl + detail.label_url]);
  if (event === 'approved' && detail.packing_slip_url)
    links.push([t('approvedSlip'), publicUrl + detail.packing_slip_url]);
  if (event === 'refunded' && vars.code) body.push(t('refundedCode'));
  if ((event === 'submitted' || event === 'refunded') && fees > 0) body.push(t('feesTaken'));
  // After the desk's inspection (issue 33): which items are refunded, and why the others are not.
  if (event === 'received' || event === 'refunded') {
    const { refundedItems, otherItems } = vars;
    if (refundedItems) body.push(mailText(lang, 'itemsRefunded', { items: refundedItems }));
    if (otherItems) body.push(mailText(lang, 'itemsNotRefunded', { items: otherItems }));
  }
  const dropOff = event === 'approved' && detail.drop_off ? detail.drop_off : null;
  if (dropOff) body.push(t('approvedDropOff'));
  // The QR image is fetched by the mail client from a signed link, like the label; the code is in the text too.
  const qrImage = dropOff
    ? `<p><img src="${escapeHtml(publicUrl + dropOff.qr_url)}" width="160" height="160" alt="${escapeHtml(dropOff.code)}"></p>`
    : '';
  // The link names the shop: one server serves several, and the portal opens the default one otherwise.
  links.push([
    t('viewStatus'),
    `${publicUrl}/status-manage/return-details/${detail.id}?shop=${encodeURIComponent(shop.shopUrl)}`,
  ]);

  const html = brandedHtml(
    brandOf(shop, lang),
    body.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
      qrImage +
      links.map(([label, href]) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`).join(''),
  );
  return {
    shopId: shop.id,
    to: detail.customer_info.email,
    subject: t(`${event}Subject`),
    text: [...body, ...links.map(([label, href]) => `${label}: ${href}`)].join('\n\n'),
    html,
  };
}
