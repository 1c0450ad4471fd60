import type { Generated } from 'kysely';

export interface MailsTable {
  id: Generated<number>;
  shop_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  sent_at: number;
}

/** The dev mailbox's table. */
export interface MailSchema {
  mails: MailsTable;
}
