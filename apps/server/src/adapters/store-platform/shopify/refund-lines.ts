import type { RefundRequest } from '../port.js';
import { ShopifyError, type Operation, type Session } from './client.js';
import { gid, idOf, type PageInfo } from './mapping.js';

/**
 * A refund's `refundLineItems`: each line's units capped at what Shopify still has to refund (it refuses more) and,
 * for units that came back, restocked as a RETURN at the location that fulfilled them, or at the shop's primary
 * location when the fulfillment names none. Units never fulfilled have nowhere to go back to (NO_RESTOCK). Locations
 * need the read_locations scope: a shop that granted the app less gets its refund without the restock rather than no
 * refund at all. Most orders ship from one location: that is asked first, for a few points, and only an order
 * shipped from several has its fulfillments' lines read (about 520 points, a quarter of a standard shop's bucket).
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
      lineItems(first: 100, after: $after) {
        nodes { id refundableQuantity unfulfilledQuantity quantity }
        pageInfo { hasNextPage endCursor }
      }
    }
  }`,
  retryable: true,
};

const SHIPPED_FROM: Operation = {
  name: 'ShippedFrom',
  query: `query ShippedFrom($id: ID!) {
    order(id: $id) { fulfillments(first: 5) { status location { id } } }
    location { id }
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

interface ShippedFromAnswer {
  order: { fulfillments: { status: string; location: { id: string } | null }[] } | null;
  location: { id: string } | null;
}

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
  const lines = await refundable(s, orderId);
  const units = new Map<number, number>();
  const back = new Set<number>();
  for (const { lineId, quantity, restock: lineRestock } of asked) {
    const line = lines.get(lineId);
    const take = Math.min(Math.max(0, Math.floor(quantity)), line?.left ?? 0);
    if (!line || take <= 0) continue;
    units.set(lineId, (units.get(lineId) ?? 0) + take);
    if (lineRestock ?? restock) back.add(lineId);
    line.left -= take;
  }
  if (units.size === 0) return [];
  const fulfilled = [...units.keys()].filter((lineId) => back.has(lineId) && lines.get(lineId)?.fulfilled);
  const where = fulfilled.length ? await restockLocations(s, orderId, fulfilled) : new Map<number, string>();
  return [...units].map(([lineId, quantity]) => {
    const locationId = where.get(lineId);
    const lineItemId = gid('LineItem', lineId);
    return locationId
      ? { lineItemId, quantity, restockType: 'RETURN', locationId }
      : { lineItemId, quantity, restockType: 'NO_RESTOCK' };
  });
}

interface RefundableLine {
  left: number;
  /** Some of its units were shipped. */
  fulfilled: boolean;
}

type LineNode = { id: string; refundableQuantity: number; unfulfilledQuantity: number; quantity: number };

async function refundable(s: Session, orderId: number): Promise<Map<number, RefundableLine>> {
  const lines = new Map<number, RefundableLine>();
  let after: string | null = null;
  do {
    const { order }: { order: { lineItems: { nodes: LineNode[]; pageInfo: PageInfo } } | null } = await s.request(
      REFUNDABLE,
      { id: gid('Order', orderId), after },
    );
    if (!order) break;
    for (const line of order.lineItems.nodes) {
      const id = idOf(line.id, 'LineItem');
      if (id) lines.set(id, { left: line.refundableQuantity, fulfilled: line.unfulfilledQuantity < line.quantity });
    }
    after = order.lineItems.pageInfo.hasNextPage ? order.lineItems.pageInfo.endCursor : null;
  } while (after);
  return lines;
}

/** Reads Shopify, and answers null (no restock) for a shop that did not grant read_locations. */
async function readLocations<T>(s: Session, operation: Operation, orderId: number): Promise<T | null> {
  try {
    return await s.request<T>(operation, { id: gid('Order', orderId) });
  } catch (error) {
    if (error instanceof ShopifyError && error.code === 'ACCESS_DENIED') return null;
    throw error;
  }
}

/** Shopify's line id → the location its units were fulfilled from, for the shipped lines asked about. */
async function restockLocations(s: Session, orderId: number, shipped: number[]): Promise<Map<number, string>> {
  const from = await readLocations<ShippedFromAnswer>(s, SHIPPED_FROM, orderId);
  if (!from) return new Map();
  const primary = from.location?.id;
  const places = new Set(
    (from.order?.fulfillments ?? []).filter((f) => f.status === 'SUCCESS').map((f) => f.location?.id ?? primary),
  );
  const [only] = places;
  if (places.size === 1 && only) return new Map(shipped.map((lineId) => [lineId, only]));

  const found = await readLocations<LocationsAnswer>(s, LOCATIONS, orderId);
  const where = new Map<number, string>();
  for (const fulfillment of found?.order?.fulfillments ?? []) {
    const at = fulfillment.location?.id ?? found?.location?.id;
    if (fulfillment.status !== 'SUCCESS' || !at) continue;
    for (const { lineItem } of fulfillment.fulfillmentLineItems.nodes) {
      const id = idOf(lineItem.id, 'LineItem');
      if (id && !where.has(id)) where.set(id, at);
    }
  }
  return where;
}
