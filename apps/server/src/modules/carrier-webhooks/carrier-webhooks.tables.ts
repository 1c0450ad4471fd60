import type { TableOwner } from '../../db/ownership.js';

/** The carrier's webhook events seen (by id, so a redelivery does nothing twice); nothing of a person. */
export const carrierWebhooksTables: TableOwner = {
  owner: 'modules/carrier-webhooks',
  tables: { carrier_events: {} },
};
