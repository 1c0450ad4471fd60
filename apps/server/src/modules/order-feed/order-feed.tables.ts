import type { TableOwner } from '../../db/ownership.js';

/** The order feed's webhook secrets, the deliveries it has seen and its import leases; nothing of a person. */
export const orderFeedTables: TableOwner = {
  owner: 'modules/order-feed',
  tables: { order_webhook_secrets: {}, order_webhook_deliveries: {}, order_imports: {} },
};
