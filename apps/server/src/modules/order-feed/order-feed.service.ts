import { Code, feedOrder, orderImportBatch, orderUpsert, type FeedOrder } from '@return-center/contract';
import type { z } from 'zod';
import { LocalStorePlatform } from '../../adapters/store-platform/local.js';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError, errors } from '../../http/app-error.js';
import { describeIssues } from '../../http/register-call.js';
import type { Shop } from '../storefront-config/shops.repository.js';
import { newWebhookSecret, signatureMatches, standardSecret, type SignedDelivery } from './webhook-signature.js';

const parse = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> => {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw errors.invalidInput(describeIssues(result.error));
  return result.data;
};
const numberTaken = (message: string) => new AppError(Code.InvalidInput, `number: ${message}`, 409);

/** Orders of a merchant's own store, fed through the API, the webhook or a bulk import (issue #11). */
export class OrderFeed {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async upsert(shop: Shop, id: string, body: unknown) {
    const order = { ...parse(orderUpsert, body), id };
    const result = await this.save(this.db, shop, order);
    return { id, number: order.number, created: result.created };
  }

  /** Each order stands alone: the valid ones are saved together, the others are answered with their place. */
  async import(shop: Shop, body: unknown) {
    const { orders } = parse(orderImportBatch, body);
    const failed: { index: number; id: string; error: string }[] = [];
    const valid: { index: number; order: FeedOrder }[] = [];
    for (const [index, raw] of orders.entries()) {
      const result = feedOrder.safeParse(raw);
      if (result.success) valid.push({ index, order: result.data });
      else failed.push({ index, id: idOf(raw), error: describeIssues(result.error) });
    }
    const results = await this.platform(this.db).upsertOrders(
      shop.id,
      valid.map((v) => v.order),
    );
    for (const [i, result] of results.entries())
      if ('error' in result) failed.push({ index: valid[i]?.index ?? -1, id: result.id, error: result.error });
    return {
      saved: results.filter((r) => !('error' in r)).length,
      failed: failed.sort((a, b) => a.index - b.index),
    };
  }

  /** The shop's webhook secret (`whsec_…`), made on first use; shown to the merchant once by `shops create`. */
  async webhookSecret(shopId: number): Promise<string> {
    await this.db
      .insertInto('order_webhook_secrets')
      .values({ shop_id: shopId, secret: newWebhookSecret(), created_at: nowSeconds(this.clock) })
      .onConflict((oc) => oc.column('shop_id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('order_webhook_secrets')
      .select('secret')
      .where('shop_id', '=', shopId)
      .executeTakeFirstOrThrow();
    return standardSecret(row.secret);
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
    const [result] = await this.platform(db).upsertOrders(shop.id, [order]);
    if (!result) throw new Error('The feed answered no result');
    if ('error' in result) throw numberTaken(result.error);
    return result;
  }

  private platform(db: Db) {
    return new LocalStorePlatform(db, this.clock);
  }
}

const idOf = (raw: unknown): string => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : '';
};
