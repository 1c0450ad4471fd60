import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Code, type ApiKeySummary } from '@return-center/contract';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { AppError, errors } from '../../http/app-error.js';
import { LIMITS, type RateLimiter } from '../auth/rate-limiter.js';

const hash = (key: string) => createHash('sha256').update(key).digest('hex');
/** The rate-limit counter of failed merchant authentications (bad keys, bad webhook signatures) from one address. */
export const merchantAuthFailures = (ip: string) => `merchant-key-fail:${ip}`;

async function addKey(db: Db, clock: Clock, shopId: number, key: string, label: string): Promise<void> {
  await db
    .insertInto('merchant_keys')
    .values({ shop_id: shopId, key_hash: hash(key), label, hint: key.slice(-4), created_at: nowSeconds(clock) })
    .onConflict((oc) => oc.column('key_hash').doNothing())
    .execute();
}

/** A new random key for the shop (a new shop's first: ShopsService); shown once, only its hash and end are kept. */
export async function newMerchantKey(db: Db, clock: Clock, shopId: number, label: string) {
  const key = `rc_${randomBytes(24).toString('base64url')}`;
  await addKey(db, clock, shopId, key, label);
  const row = await db
    .selectFrom('merchant_keys')
    .select(['id', 'label', 'hint', 'created_at'])
    .where('key_hash', '=', hash(key))
    .executeTakeFirstOrThrow();
  return { ...row, key };
}

/** Merchant API keys: one or more per shop, stored hashed. */
export class MerchantKeys {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  add(shopId: number, key: string, label: string): Promise<void> {
    return addKey(this.db, this.clock, shopId, key, label);
  }

  /** A new random key for the shop; the key itself is shown once, only its hash and last characters are kept. */
  create(shopId: number, label: string): Promise<ApiKeySummary & { key: string }> {
    return newMerchantKey(this.db, this.clock, shopId, label);
  }

  list(shopId: number): Promise<ApiKeySummary[]> {
    return this.db
      .selectFrom('merchant_keys')
      .select(['id', 'label', 'hint', 'created_at'])
      .where('shop_id', '=', shopId)
      .orderBy('id')
      .execute();
  }

  /** Revokes one of the shop's keys; false when the shop has no key of that id. */
  async revoke(shopId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('merchant_keys')
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The key stops working at once. */
  async remove(key: string): Promise<void> {
    await this.db.deleteFrom('merchant_keys').where('key_hash', '=', hash(key)).execute();
  }

  /**
   * The shop id behind the request's bearer key, or a 401 envelope. The look-up is reserved first, so concurrent wrong
   * keys from one address get no more look-ups than the limit; a key that works takes its reservation back.
   */
  async shopOf(request: FastifyRequest): Promise<number> {
    const reservation = await this.limiter.reserve([
      [merchantAuthFailures(request.ip), LIMITS.merchantKeyFailuresPerIp],
    ]);
    // A fixed window: its full length is the longest anyone must wait (Retry-After).
    if (!reservation) throw errors.rateLimited(LIMITS.merchantKeyFailuresPerIp.windowSeconds);
    const header = request.headers.authorization ?? '';
    const key = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const row = key
      ? await this.db.selectFrom('merchant_keys').select('shop_id').where('key_hash', '=', hash(key)).executeTakeFirst()
      : undefined;
    if (!row) {
      await reservation.failed();
      throw new AppError(Code.Unauthorized, 'Unauthorized, please log in again', 401);
    }
    await reservation.passed();
    return row.shop_id;
  }
}
