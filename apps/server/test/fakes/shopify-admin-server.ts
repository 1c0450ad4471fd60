import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeedOrder } from '@return-center/contract';
import { SHOPIFY_API_VERSION } from '../../src/adapters/store-platform/shopify/client.js';
import { systemClock, type Clock } from '../../src/clock.js';
import {
  handlers,
  operationRunner,
  type BucketLimits,
  type ShopifyCall,
  type ShopifyFaults,
} from './shopify-admin-execute.js';
import { obj } from './shopify-admin-json.js';
import { FakeShopifyData } from './shopify-admin-data.js';
import type { FakeShop, NewFakeProduct } from './shopify-admin-shop.js';
import { FakeOAuth } from './shopify-oauth.js';
import { costOf, GraphqlSyntaxError, operationOf, readOperation, type Operation } from './shopify-graphql.js';
import { adminSchema, checkAgainstSchema, deprecatedUses } from './shopify-schema.js';

/** The most one query may cost, whatever the bucket (Shopify's MAX_COST_EXCEEDED). */
export const SINGLE_QUERY_MAX = 1000;

export interface FakeShopifyAdmin {
  /** http://127.0.0.1:<port>, for ShopifyStorePlatform's `apiOrigin`. */
  origin: string;
  apiVersion: string;
  calls: ShopifyCall[];
  faults: ShopifyFaults;
  /** Requests held back by `latencyMs` that the fake has not acted on yet. */
  held: number;
  limits: BucketLimits;
  data: FakeShopifyData;
  addShop(options?: { domain?: string; currency?: string }): FakeShop;
  shop(domain: string): FakeShop;
  putOrder(domain: string, order: FeedOrder): FakeShop['orders'][number];
  putProduct(domain: string, product: NewFakeProduct): FakeShop['products'][number];
  putCollection(domain: string, collection: { title: string; handle: string; productIds: number[] }): { id: number };
  /** The shopper pays the draft's invoice at Shopify's checkout: the draft is completed into an order. */
  payDraft(domain: string, draftId: number): void;
  /** The app's OAuth: codes for installs, traded at POST /admin/oauth/access_token for a shop's token. */
  oauth: FakeOAuth;
  /** The scopes a token exchange answers as granted. */
  scopes: string;
  close(): Promise<void>;
}

/**
 * A local Shopify Admin GraphQL API for tests: POST /admin/api/<version>/graphql.json with an X-Shopify-Access-Token,
 * answering the root fields the Shopify adapter uses with the documented shapes, `extensions.cost` on every answer,
 * a leaky bucket per shop that answers THROTTLED (and MAX_COST_EXCEEDED past 1000 points), refundCreate's
 * @idempotent key honoured, a log of every call, and faults. `clock` dates what shops hold; `timer` runs the bucket.
 */
export async function startFakeShopifyAdmin(
  options: { clock?: Clock; timer?: { nowMs(): number }; limits?: BucketLimits; firstId?: number } = {},
): Promise<FakeShopifyAdmin> {
  // Read Shopify's schema now (once per process), not on a request that has a deadline.
  adminSchema();
  const timer = options.timer ?? systemClock;
  const data = new FakeShopifyData(options.clock ?? systemClock, options.firstId ?? 5_000_000_000_001);
  const timers = new Set<NodeJS.Timeout>();
  const { execute, applies } = operationRunner(data, timer, () => fake, SINGLE_QUERY_MAX);

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const path = new URL(req.url ?? '/', 'http://shopify.local').pathname;
    if (req.method === 'POST' && path === '/admin/oauth/access_token') {
      const answer = fake.oauth.exchange(obj(safeJson(raw)), fake.scopes);
      send(res, answer.status, answer.body);
      return;
    }
    if (req.method !== 'POST' || path !== `/admin/api/${fake.apiVersion}/graphql.json`) {
      send(res, 404, { errors: 'Not Found' });
      return;
    }
    const token = req.headers['x-shopify-access-token'];
    const shop = typeof token === 'string' ? data.shopByToken(token) : undefined;
    const body = obj(safeJson(raw));
    const variables = obj(body.variables);
    const text = typeof body.query === 'string' ? body.query : '';
    let read: ReturnType<typeof readOperation>;
    try {
      read = readOperation(text);
    } catch (error) {
      if (!(error instanceof GraphqlSyntaxError)) throw error;
      send(res, 200, { errors: [{ message: error.message, extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] });
      return;
    }
    // Shopify's schema decides what a document may ask and what its variables may hold; the variables it coerced
    // (enum values checked, defaults put in) are what the handlers see.
    const checked = checkAgainstSchema(text, read.document, read.definition, variables);
    const op: Operation = operationOf(read, 'coerced' in checked ? checked.coerced : variables);
    const cost = costOf(op);
    const key = op.fields.find((f) => f.directives.idempotent)?.directives.idempotent?.key;
    const call: ShopifyCall = {
      at: timer.nowMs(),
      shop: shop?.domain ?? '',
      operation: op.name,
      fields: op.fields.map((f) => f.name),
      variables,
      idempotencyKey: typeof key === 'string' ? key : null,
      cost,
      actualCost: null,
      deprecated: deprecatedUses(text, read.document, read.definition, variables),
      outcome: 'refused',
    };
    fake.calls.push(call);
    if (!shop) {
      send(res, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
      return;
    }
    // A document Shopify's schema refuses, or a root field the fake cannot answer, fails whole: no data, no cost.
    const unknown = op.fields.find((f) => !handlers[f.name]);
    if ('errors' in checked || unknown) {
      const type = op.kind === 'query' ? 'QueryRoot' : 'Mutation';
      const errors =
        'errors' in checked
          ? checked.errors
          : [
              {
                message: `Field '${unknown?.name ?? ''}' doesn't exist on type '${type}'`,
                extensions: { code: 'undefinedField', typeName: type, fieldName: unknown?.name },
              },
            ];
      send(res, 200, { errors });
      return;
    }
    const { faults } = fake;
    const faulty = applies(op);
    if (faulty && faults.drop > 0) {
      faults.drop--;
      call.outcome = 'dropped';
      req.socket.destroy();
      return;
    }
    hold(faulty, () => {
      if (faulty && faults.fail.count > 0) {
        faults.fail.count--;
        call.outcome = 'failed';
        const { status, html } = faults.fail;
        if (html) {
          res.writeHead(status, { 'content-type': 'text/html' });
          res.end(
            `<html><body><h1>${String(status)}</h1><p>There was a problem loading this website.</p></body></html>`,
          );
        } else send(res, status, { errors: status === 503 ? 'Service Unavailable' : 'Internal Server Error' });
        return;
      }
      if (faulty && faults.tooMany.count > 0) {
        faults.tooMany.count--;
        call.outcome = 'throttled';
        send(
          res,
          429,
          {
            errors: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
          },
          {
            'retry-after': faults.tooMany.retryAfter,
          },
        );
        return;
      }
      const answer = execute(shop, op, cost, call);
      if (faulty && faults.dropAfter > 0 && call.outcome === 'answered') {
        faults.dropAfter--;
        call.outcome = 'dropped';
        req.socket.destroy();
      } else send(res, 200, answer);
    });
  };

  const hold = (faulty: boolean, then: () => void) => {
    if (!faulty || fake.faults.latencyMs <= 0) {
      then();
      return;
    }
    fake.held++;
    const t = setTimeout(() => {
      timers.delete(t);
      fake.held--;
      then();
    }, fake.faults.latencyMs);
    timers.add(t);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        if (!res.headersSent)
          send(res, 500, {
            errors: `Fake bug: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
          });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const shopOf = (domain: string) => {
    const shop = data.shops.get(domain);
    if (!shop) throw new Error(`The fake has no shop ${domain}`);
    return shop;
  };
  const fake: FakeShopifyAdmin = {
    origin: `http://127.0.0.1:${String(port)}`,
    apiVersion: SHOPIFY_API_VERSION,
    calls: [],
    faults: {
      latencyMs: 0,
      drop: 0,
      dropAfter: 0,
      fail: { status: 500, count: 0 },
      throttle: 0,
      tooMany: { count: 0, retryAfter: '1.0' },
    },
    held: 0,
    oauth: new FakeOAuth(),
    scopes: 'read_orders,write_orders',
    limits: options.limits ?? { maximumAvailable: 2000, restoreRate: 100 },
    data,
    addShop: (o) => data.addShop(o),
    shop: shopOf,
    putOrder: (domain, order) => data.putOrder(shopOf(domain), order),
    putProduct: (domain, product) => data.putProduct(shopOf(domain), product),
    putCollection: (domain, collection) => data.putCollection(shopOf(domain), collection),
    payDraft: (domain, draftId) => {
      const shop = shopOf(domain);
      const draft = shop.drafts.find((d) => d.id === draftId);
      if (!draft || draft.status !== 'OPEN') throw new Error(`No open draft ${String(draftId)} to pay`);
      data.orderFromDraft(shop, draft);
    },
    close: () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
