import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Customer } from '../../db/ownership.js';
import { mailTables } from './mail-tables.js';
import { assertRecipient, type Mailbox, type MailMessage, type MailTransport, type StoredMail } from './port.js';

/** Development transport: keeps every message in the database instead of sending it; refuses what SMTP would. */
export class DevMailbox implements MailTransport, Mailbox {
  readonly kind = 'dev' as const;
  readonly mailbox: Mailbox = this;
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(message: MailMessage): Promise<void> {
    assertRecipient(message.to);
    await this.db
      .insertInto('mails')
      .values({
        shop_id: message.shopId ?? null,
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        sent_at: nowSeconds(this.clock),
        attachments: JSON.stringify(
          (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            content_type: a.contentType,
            content_base64: Buffer.from(a.content).toString('base64'),
          })),
        ),
      })
      .execute();
  }

  forgetCustomer(customer: Customer): Promise<void> {
    return this.db.transaction().execute((trx) => mailTables.forgetCustomer(trx, customer));
  }

  forgetShop(shopId: number): Promise<void> {
    return this.db.transaction().execute((trx) => mailTables.forgetShop(trx, shopId));
  }

  async list(options: { to?: string; limit?: number } = {}): Promise<StoredMail[]> {
    let query = this.db
      .selectFrom('mails')
      .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'sent_at', 'attachments'])
      .orderBy('id', 'desc')
      .limit(options.limit ?? 50);
    if (options.to) query = query.where('to_address', '=', options.to.toLowerCase());
    const rows = await query.execute();
    return rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      sent_at: r.sent_at,
      attachments: JSON.parse(r.attachments) as StoredMail['attachments'],
    }));
  }
}
