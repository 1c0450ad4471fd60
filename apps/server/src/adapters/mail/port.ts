export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  shopId?: number | null;
}

/** Sends email. `dev` stores it for GET /dev/mailbox; `smtp` relays it. */
export interface MailTransport {
  readonly kind: 'dev' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
