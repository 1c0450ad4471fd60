import type { RefundRequest } from '../port.js';
import { ShopifyError, type Operation, type Session } from './client.js';
import { gid, idOf, type PageInfo } from './mapping.js';

/**
 * A refund's `refundLineItems`: each line's units capped at what Shopify still has to refund (it refuses more) and,
 * for units that came back, restocked as a RETURN at the location that fulfilled them, or at the shop's primary
 * location when the fulfillment names none. Units never fulfilled have nowhere to go back to (NO_RESTOCK). Locations
 * need the read_locations scope: a shop that granted the app less gets its refund without the restock rather than no
 * refund at all.
 */

export interface RefundLineItemInput {
  lineItemId: string;
  quantity: number;
  restockType: 'RETURN' | 'NO_RESTOCK';
  locationId?: string;
}

const REFUNDABLE: Operation = {
  name: 'RefundableLines',
  query: `query RefundableLines($id: ID!, $after: String) {
    order(id: $id) {
      lineItems(first: 100, after: $after) { nodes { id refundableQuantity } pageInfo { hasNextPage endCursor } }
    }
  }`,
  retryable: true,
};

/** The first 5 fulfillments of 50 lines each: about 520 points, half of what one query may cost. */
const LOCATIONS: Operation = {
  name: 'RestockLocations',
  query: `query RestockLocations($id: ID!) {
    order(id: $id) {
      fulfillments(first: 5) { status location { id } fulfillmentLineItems(first: 50) { nodes { lineItem { id } } } }
    }
    location { id }
  }`,
  retryable: true,
};

interface LocationsAnswer {
  order: {
    fulfillments: {
      status: string;
      location: { id: string } | null;
      fulfillmentLineItems: { nodes: { lineItem: { id: string } }[] };
    }[];
  } | null;
  location: { id: string } | null;
}

/** The refund's lines as Shopify takes them (Shopify's line ids); none when nothing asked for is left to refund. */
export async function refundLineItems(
  s: Session,
  orderId: number,
  asked: RefundRequest['lines'],
  restock: boolean,
): Promise<RefundLineItemInput[]> {
  const left = await refundable(s, orderId);
  const units = new Map<number, number>();
  for (const { lineId, quantity } of asked) {
    const have = left.get(lineId) ?? 0;
    const take = Math.min(Math.max(0, Math.floor(quantity)), have);
    if (take <= 0) continue;
    units.set(lineId, (units.get(lineId) ?? 0) + take);
    left.set(lineId, have - take);
  }
  if (units.size === 0) return [];
  const where = restock ? await restockLocations(s, orderId) : new Map<number, string>();
  return [...units].map(([lineId, quantity]) => {
    const locationId = where.get(lineId);
    const lineItemId = gid('LineItem', lineId);
    return locationId
      ? { lineItemId, quantity, restockType: 'RETURN', locationId }
      : { lineItemId, quantity, restockType: 'NO_RESTOCK' };
  });
}

async function refundable(s: Session, orderId: number): Promise<Map<number, number>> {
  const left = new Map<number, number>();
  let after: string | null = null;
  do {
    const {
      order,
    }: { order: { lineItems: { nodes: { id: string; refundableQuantity: number }[]; pageInfo: PageInfo } } | null } =
      await s.request(REFUNDABLE, { id: gid('Order', orderId), after });
    if (!order) break;
    for (const line of order.lineItems.nodes) {
      const id = idOf(line.id, 'LineItem');
      if (id) left.set(id, line.refundableQuantity);
    }
    after = order.lineItems.pageInfo.hasNextPage ? order.lineItems.pageInfo.endCursor : null;
  } while (after);
  return left;
}

/** Shopify's line id → the location its units were fulfilled from. */
async function restockLocations(s: Session, orderId: number): Promise<Map<number, string>> {
  let found: LocationsAnswer;
  try {
    found = await s.request<LocationsAnswer>(LOCATIONS, { id: gid('Order', orderId) });
  } catch (error) {
    if (error instanceof ShopifyError && error.code === 'ACCESS_DENIED') return new Map();
    throw error;
  }
  const where = new Map<number, string>();
  for (const fulfillment of found.order?.fulfillments ?? []) {
    const at = fulfillment.location?.id ?? found.location?.id;
    if (fulfillment.status !== 'SUCCESS' || !at) continue;
    for (const { lineItem } of fulfillment.fulfillmentLineItems.nodes) {
      const id = idOf(lineItem.id, 'LineItem');
      if (id && !where.has(id)) where.set(id, at);
    }
  }
  return where;
}
