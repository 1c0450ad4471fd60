import type { MailTransport } from '../../adapters/mail/port.js';
import type { JobHandler } from '../jobs/worker.js';
import { rawMailText } from '../notifications/mail-locales.js';
import type { EmailTemplatesService } from '../notifications/email-templates.service.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import { acknowledgementPdf } from './withdrawal-pdf.js';
import { merchantView, type WithdrawalRow, type WithdrawalsService } from './withdrawals.service.js';

/** When the declaration was received, date and time with its zone (UTC), as the consumer's language writes them. */
export function receivedAt(seconds: number, lang: string): string {
  const format = (locale: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(seconds * 1000);
  try {
    return format(lang);
  } catch {
    return format('en');
  }
}

/** What was withdrawn: the whole order, or the items with their units and the consumer's own words. */
function withdrawnText(row: WithdrawalRow, lang: string): string {
  const view = merchantView(row);
  if (view.scope === 'order') return rawMailText(lang, 'withdrawalWholeOrder');
  const items = view.items.map((item) => `${item.title} ×${String(item.quantity)}`);
  return [...items, ...(view.items_text ? [view.items_text] : [])].join('; ');
}

/**
 * Sends the acknowledgement of receipt without undue delay (Art. 11a(4), ADR 046): the shop's template in the
 * consumer's language, with the content of the declaration and the date and time it was received, and the same as a
 * PDF attached, in the same language.
 */
export function withdrawalAckJob(deps: {
  withdrawals: Pick<WithdrawalsService, 'byId'>;
  shops: ShopLookup;
  mail: MailTransport;
  emails: Pick<EmailTemplatesService, 'message'>;
}): JobHandler<'withdrawal.acknowledge'> {
  return async ({ withdrawalId }) => {
    const row = await deps.withdrawals.byId(withdrawalId);
    if (!row) return;
    const shop = await deps.shops.byId(row.shop_id);
    if (!shop) return;
    const message = await deps.emails.message(shop, 'withdrawal_acknowledged', row.language, row.email, {
      store_name: shop.name,
      name: row.name,
      order_number: row.order_number,
      declared_at: receivedAt(row.declared_at, row.language),
      items: withdrawnText(row, row.language),
      reference: merchantView(row).reference,
    });
    const reference = merchantView(row).reference;
    await deps.mail.send({
      ...message,
      attachments: [
        {
          filename: `${reference}.pdf`,
          contentType: 'application/pdf',
          content: await acknowledgementPdf(message.subject, message.text, row.language),
        },
      ],
    });
  };
}
