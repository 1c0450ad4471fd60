import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@return-center/contract';
import type { Db } from '../../db/database.js';
import type { Outbox } from '../jobs/outbox.js';

/**
 * Queues the announcement of something that happened to a request (a label, a tracking update, an exchange order, a
 * failed payout, a flag, an edit) to the shop's webhooks and event feed, in the transaction that made it happen. `key`
 * names the happening: the same key is announced once.
 */
export const announce = (outbox: Outbox, db: Db, requestId: number, type: WebhookEventType, key: string) =>
  outbox.enqueue(db, 'request.announce', { requestId, type, key }, `announce:${String(requestId)}:${key}`);

/** A change on the desk (notes, tags, assignee): each one is announced as `request.updated`. */
export const announceDeskChange = (outbox: Outbox) => (db: Db, requestId: number) =>
  announce(outbox, db, requestId, 'request.updated', `desk:${randomUUID()}`);
