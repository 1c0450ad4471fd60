import type { Generated } from 'kysely';

export interface MailsTable {
  id: Generated<number>;
  shop_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  sent_at: number;
  /** JSON list of the mail's attachments: `[{ filename, content_type, content_base64 }]` (migration 043). */
  attachments: Generated<string>;
}

/** The dev mailbox's table. */
export interface MailSchema {
  mails: MailsTable;
}
