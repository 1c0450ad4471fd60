import type { MailMessage } from '../../adapters/mail/port.js';
import type { Shop } from '../storefront-config/shop.js';
import { brandedHtml, brandOf, escapeHtml } from './branded-layout.js';

/**
 * What the buyer is told of a gift return when the shop chooses to tell them (ADR 044): that a gift from their order
 * is being returned and which items; never the recipient's address, the solution or the credit.
 */
export function giftNoticeEmail(
  shop: Shop,
  order: { name: string; email: string },
  items: { title: string; quantity: number }[],
): MailMessage {
  const body = [
    `Someone who received a gift from your order ${order.name} at ${shop.name} is returning:`,
    ...items.map((item) => `${item.title} × ${String(item.quantity)}`),
    'Nothing is refunded to you and nothing changes on your order: the recipient chose store credit or an exchange for themselves.',
  ];
  return {
    shopId: shop.id,
    to: order.email,
    subject: `A gift from your order ${order.name} is being returned`,
    text: body.join('\n\n'),
    html: brandedHtml(brandOf(shop, 'en'), body.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
  };
}
