import type { MailTransport } from '../../adapters/mail/port.js';
import type { Clock } from '../../clock.js';
import type { Db, Dialect } from '../../db/database.js';
import type { Outbox } from '../jobs/outbox.js';
import type { JobHandlers } from '../jobs/worker.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import { deliverWebhookJob, endpointDisabledJob } from './webhook-jobs.js';
import { webhookSender, type WebhookSender } from './webhook-sender.js';
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
  const handlers: Pick<JobHandlers, 'webhook.deliver' | 'webhook.endpoint-disabled'> = {
    'webhook.deliver': deliverWebhookJob({
      db,
      repository,
      outbox,
      clock,
      send: deps.send ?? webhookSender({ allowPrivate: deps.allowPrivate }),
    }),
    'webhook.endpoint-disabled': endpointDisabledJob({
      repository,
      shops: deps.shops,
      mail: deps.mail,
      publicUrl: deps.publicUrl,
      ownerOf: deps.ownerOf,
    }),
  };
  return { service, handlers };
}
