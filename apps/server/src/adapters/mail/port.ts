import { isEmail } from '@return-center/domain';
import type { ForgetsPeople } from '../../db/ownership.js';

/** A file sent with a message (the withdrawal's acknowledgement PDF, ADR 046). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  /** One plain address, e.g. `alice@example.com`: no display name, no list. */
  to: string;
  subject: string;
  text: string;
  html: string;
  shopId?: number | null;
  attachments?: MailAttachment[];
}

/** A message a transport kept instead of sending it (dev). */
export interface StoredMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  sent_at: number;
  /** The files sent with it, their content in base64. */
  attachments: { filename: string; content_type: string; content_base64: string }[];
}

/** What a transport that keeps its mail (dev) shows at GET /dev/mailbox. */
export interface Mailbox {
  /** Newest first, optionally for one recipient. */
  list(options?: { to?: string; limit?: number }): Promise<StoredMail[]>;
}

/** Sends email. `dev` stores it for GET /dev/mailbox (and forgets it on request); `smtp` relays it and keeps none. */
export interface MailTransport extends Partial<ForgetsPeople> {
  readonly kind: 'dev' | 'smtp';
  /** Resolves once the message is stored or handed to the mail server; rejects when it was not, e.g. refused. */
  send(message: MailMessage): Promise<void>;
  /** Only a transport that keeps what it "sends" (dev) has one. */
  readonly mailbox?: Mailbox;
  /** Lets go of connections, if the transport keeps any. */
  close?(): void;
}

/** A `to` that is not one plain email address: nothing was sent. The address is left out of the message (logs). */
export class InvalidRecipient extends Error {
  constructor() {
    super('Mail recipient is not a single valid email address');
    this.name = 'InvalidRecipient';
  }
}

/**
 * Every transport checks `to` first, with the rule the server applies to every email it takes in. Without it the dev
 * mailbox stored mail to "" or "alice@" as sent, and nodemailer read "a b@x.example" as b@x.example and a line break
 * or comma in `to` as more recipients: mail for one person could go to another.
 */
export function assertRecipient(to: string): void {
  if (to !== to.trim() || !isEmail(to)) throw new InvalidRecipient();
}
