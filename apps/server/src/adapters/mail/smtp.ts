import nodemailer, { type Transporter } from 'nodemailer';
import { assertRecipient, type MailMessage, type MailTransport } from './port.js';

/** Relays through any SMTP server named by a URL: smtp://user:pass@host:587 or smtps://… */
export class SmtpTransport implements MailTransport {
  readonly kind = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    assertRecipient(message.to);
    await this.transporter.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content),
      })),
    });
  }

  close(): void {
    this.transporter.close();
  }
}
