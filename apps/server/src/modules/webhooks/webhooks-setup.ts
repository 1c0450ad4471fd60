import type { MailTransport } from '../../adapters/mail/port.js';
import type { Clock } from '../../clock.js';
import type { Db, Dialect } from '../../db/database.js';
import type { Outbox } from '../jobs/outbox.js';
import type { JobHandlers } from '../jobs/worker.js';
import type { MerchantService } from '../merchant/merchant.service.js';
import type { RequestEvent } from '../notifications/request-emails.js';
import type { RequestReads } from '../requests/request-reads.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { Shop, ShopLookup } from '../storefront-config/shop.js';
import { announceJob, announceRequest } from './request-events.js';
import { deliverWebhookJob, endpointDisabledJob } from './webhook-jobs.js';
import { webhookSender, type SentWebhook, type WebhookSender } from './webhook-sender.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/** The webhooks' service and their jobs' handlers, over one repository. */
export function webhooksSetup(deps: {
  db: Db;
  dialect: Dialect;
  outbox: Outbox;
  clock: Clock;
  shops: ShopLookup;
  mail: MailTransport;
  publicUrl: string;
  allowPrivate: boolean;
  /** The email of the shop's owner, told when an endpoint is turned off. */
  ownerOf: (shopId: number) => Promise<string | null>;
  onQueued: () => void;
  send?: WebhookSender;
  /** Told of each delivery try's answer (metrics). */
  onSent?: (sent: SentWebhook) => void;
  /** What an event of a request carries: the request as the merchant API answers it. */
  merchant: Pick<MerchantService, 'detail'>;
  requests: Pick<RequestReads, 'byId'>;
}) {
  const { db, outbox, clock } = deps;
  const repository = new WebhooksRepository(db, deps.dialect);
  const service = new WebhooksService({
    db,
    repository,
    outbox,
    clock,
    allowPrivate: deps.allowPrivate,
    onQueued: deps.onQueued,
  });
  const publishing = { webhooks: service, merchant: deps.merchant };
  const send = deps.send ?? webhookSender({ allowPrivate: deps.allowPrivate });
  const onSent = deps.onSent;
  const handlers: Pick<JobHandlers, 'webhook.deliver' | 'webhook.endpoint-disabled' | 'request.announce'> = {
    'request.announce': announceJob({ ...publishing, requests: deps.requests, shops: deps.shops }),
    'webhook.deliver': deliverWebhookJob({
      db,
      repository,
      outbox,
      clock,
      send: onSent
        ? async (post) => {
            const sent = await send(post);
            onSent(sent);
            return sent;
          }
        : send,
    }),
    'webhook.endpoint-disabled': endpointDisabledJob({
      repository,
      shops: deps.shops,
      mail: deps.mail,
      publicUrl: deps.publicUrl,
      ownerOf: deps.ownerOf,
    }),
  };
  /** Announces a moment the shopper is emailed about (the email job calls it first). */
  const announce = (shop: Shop, request: RequestRecord, event: RequestEvent) =>
    announceRequest(publishing, shop, request, event);
  return { service, handlers, announce };
}
