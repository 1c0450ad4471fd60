import { Code, feedOrder, type FeedOrder, type OrderUpsert } from '@return-center/contract';
import type { OrderIntakeOn } from '../../adapters/store-platform/port.js';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db, Dialect } from '../../db/database.js';
import { AppError, describeIssues, parseInput as parse } from '../../http/app-error.js';
import type { Shop } from '../storefront-config/shop.js';
import { EventLoopTurns } from '../../event-loop-turns.js';
import { ordersOfImport, type ImportedOrder } from './import-body.js';
import { ImportLeases } from './import-leases.js';
import { newWebhookSecret, signatureMatches, standardSecret, type SignedDelivery } from './webhook-signature.js';

/**
 * Lines written per transaction of an import. On SQLite a transaction holds the thread until it commits: 250 lines
 * (one order of a maximal import) take up to ~15 ms on the bench machine, updates being the slowest. PostgreSQL's
 * statements wait on the network without holding the thread, so it takes more per transaction and fewer round trips.
 */
const LINES_PER_TRANSACTION: Record<Dialect, number> = { sqlite: 250, postgres: 5000 };

const numberTaken = (message: string) => new AppError(Code.InvalidInput, `number: ${message}`, 409);

/** Orders of a merchant's own store, fed through the API, the webhook or a bulk import (issue #11). */
export class OrderFeed {
  private readonly leases: ImportLeases;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The local platform's intake, on our connection or on the transaction that records a delivery. */
    private readonly intakeOn: OrderIntakeOn,
    /** Only imports need it; SQLite's slices are the cautious ones. */
    private readonly dialect: Dialect = 'sqlite',
  ) {
    this.leases = new ImportLeases(db, clock);
  }

  async upsert(shop: Shop, id: string, upsert: OrderUpsert) {
    const order = { ...upsert, id };
    const result = await this.save(this.db, shop, order);
    return { id, number: order.number, created: result.created };
  }

  /**
   * Each order stands alone: the valid ones are saved, the others are answered with their place. One import per shop
   * runs at a time, and it works in slices (a few orders per transaction) so that other requests are answered
   * meanwhile: on SQLite every statement holds the thread.
   */
  async import(shop: Shop, body: string) {
    return this.leases.hold(shop.id, async (renew) => {
      const turns = new EventLoopTurns();
      const failed: { index: number; id: string; error: string }[] = [];
      const valid: { index: number; order: FeedOrder }[] = [];
      for (const [index, item] of (await ordersOfImport(body, turns)).entries()) {
        await turns.check();
        const raw = parsedOrder(item);
        if ('error' in raw) {
          failed.push({ index, id: '', error: raw.error });
          continue;
        }
        const result = feedOrder.safeParse(raw.json);
        if (result.success) valid.push({ index, order: result.data });
        else failed.push({ index, id: idOf(raw.json), error: describeIssues(result.error) });
      }
      let saved = 0;
      for (const slice of byLines(valid, LINES_PER_TRANSACTION[this.dialect])) {
        await turns.check();
        await renew();
        const results = await this.intakeOn(this.db).upsertOrders(
          shop.id,
          slice.map((v) => v.order),
        );
        for (const [i, result] of results.entries())
          if ('error' in result) failed.push({ index: slice[i]?.index ?? -1, id: result.id, error: result.error });
          else saved += 1;
      }
      return { saved, failed: failed.sort((a, b) => a.index - b.index) };
    });
  }

  /** Whether the delivery carries the shop's signature. A shop without a secret accepts no webhook. */
  async signedBy(shop: Shop, delivery: SignedDelivery, signature: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('order_webhook_secrets')
      .select('secret')
      .where('shop_id', '=', shop.id)
      .executeTakeFirst();
    return Boolean(row && signatureMatches(row.secret, delivery, signature));
  }

  /** Applies a verified delivery once: the delivery id is recorded in the same transaction as the order. */
  async receive(shop: Shop, deliveryId: string, body: unknown) {
    const order = parse(feedOrder, body);
    return this.db.transaction().execute(async (trx) => {
      const recorded = await trx
        .insertInto('order_webhook_deliveries')
        .values({ shop_id: shop.id, delivery_id: deliveryId, received_at: nowSeconds(this.clock) })
        .onConflict((oc) => oc.columns(['shop_id', 'delivery_id']).doNothing())
        .executeTakeFirst();
      if (recorded.numInsertedOrUpdatedRows === 0n)
        return { id: order.id, number: order.number, created: false, duplicate: true };
      const result = await this.save(trx, shop, order);
      return { id: order.id, number: order.number, created: result.created, duplicate: false };
    });
  }

  private async save(db: Db, shop: Shop, order: FeedOrder) {
    const [result] = await this.intakeOn(db).upsertOrders(shop.id, [order]);
    if (!result) throw new Error('The feed answered no result');
    if ('error' in result) throw numberTaken(result.error);
    return result;
  }
}

/** The shop's webhook secret (`whsec_…`), made on first use; shown to the merchant once by `shops create`. */
export async function shopWebhookSecret(db: Db, clock: Clock, shopId: number): Promise<string> {
  await db
    .insertInto('order_webhook_secrets')
    .values({ shop_id: shopId, secret: newWebhookSecret(), created_at: nowSeconds(clock) })
    .onConflict((oc) => oc.column('shop_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('order_webhook_secrets')
    .select('secret')
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow();
  return standardSecret(row.secret);
}

/** Orders in groups of at most `lines` lines (an order with more stands alone), in their order. */
function byLines<T extends { order: FeedOrder }>(items: T[], lines: number): T[][] {
  const groups: T[][] = [];
  let count = Infinity;
  for (const item of items) {
    if (count + item.order.lines.length > lines) {
      groups.push([]);
      count = 0;
    }
    groups.at(-1)?.push(item);
    count += item.order.lines.length;
  }
  return groups;
}

/** An order of the batch as JSON, or why it is not one (the rest of the body was JSON: this order is at fault). */
function parsedOrder(item: ImportedOrder): { json: unknown } | { error: string } {
  if ('error' in item) return item;
  try {
    return { json: JSON.parse(item.text) as unknown };
  } catch {
    return { error: 'Not valid JSON' };
  }
}

const idOf = (raw: unknown): string => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : '';
};
