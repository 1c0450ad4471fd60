import type { MailMessage, MailTransport } from '../../adapters/mail/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { RequestRecord } from './request-record.js';
import { recordEvent } from './requests.repository.js';

/** Sends an email about a request and writes it in the request's timeline (the console shows it with the changes). */
export async function sendRequestEmail(
  deps: { db: Db; mail: MailTransport; clock: Clock },
  request: Pick<RequestRecord, 'id' | 'status'>,
  message: MailMessage,
): Promise<void> {
  await deps.mail.send(message);
  await recordEvent(deps.db, {
    request_id: request.id,
    actor: 'system',
    action: 'email',
    from_status: request.status,
    to_status: request.status,
    note: `${message.subject} → ${message.to}`,
    at: nowSeconds(deps.clock),
  });
}
