import type { Generated } from 'kysely';

/** Outbound webhooks' rows (issue 34), owned by modules/webhooks. */

/** An endpoint a shop subscribed to events (issue 34); `events` is a JSON array of event types. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  shop_id: number;
  url: string;
  description: string;
  events: string;
  /** The Standard Webhooks signing secret (`whsec_…`). */
  secret: string;
  enabled: number;
  disabled_reason: string;
  /** When its deliveries started failing without a success since; null while it answers. */
  failing_since: number | null;
  created_at: number;
}

/** An event of a shop, once: `event_key` names what caused it; the id is the feed's sequence. */
export interface WebhookEventsTable {
  id: Generated<number>;
  shop_id: number;
  event_key: string;
  public_id: string;
  type: string;
  request_id: number | null;
  /** The event as receivers get it (JSON). */
  payload: string;
  created_at: number;
}

/** One event's delivery to one endpoint, and where its tries stand. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  endpoint_id: number;
  event_id: number;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  response_status: number;
  latency_ms: number;
  response_body: string;
  next_attempt_at: number | null;
  created_at: number;
}

export interface WebhooksSchema {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
