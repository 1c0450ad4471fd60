import type { Generated } from 'kysely';

/** The shops' own email templates (issue 34 point 3), owned by modules/notifications. */
export interface EmailTemplatesTable {
  id: Generated<number>;
  shop_id: number;
  /** A key of the notifications' catalog (`approved`). */
  notification: string;
  language: string;
  /** Liquid templates (ADR 042). */
  subject: string;
  body: string;
  /** Who saved it: `console:<email>`, `merchant-api` or `cli`. */
  saved_by: string;
  saved_at: number;
}

export interface EmailsSchema {
  email_templates: EmailTemplatesTable;
}
