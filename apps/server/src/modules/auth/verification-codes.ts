import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';

export const MAX_CODE_ATTEMPTS = 5;

const hashCode = (shopId: number, email: string, code: string) =>
  createHash('sha256').update(`${shopId}:${email}:${code}`).digest('hex');

/** One-time email codes: 6 CSPRNG digits, hashed at rest, short-lived, single use, few tries. */
export class VerificationCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {}

  async issue(shopId: number, email: string): Promise<{ code: string; expiresIn: number }> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = nowSeconds(this.clock);
    // A new code replaces any earlier one.
    await this.db
      .updateTable('verification_codes')
      .set({ used_at: now })
      .where('shop_id', '=', shopId)
      .where('email', '=', email)
      .where('used_at', 'is', null)
      .execute();
    await this.db
      .insertInto('verification_codes')
      .values({
        shop_id: shopId,
        email,
        code_hash: hashCode(shopId, email, code),
        attempts: 0,
        expires_at: now + this.ttlSeconds,
        used_at: null,
        created_at: now,
      })
      .execute();
    return { code, expiresIn: this.ttlSeconds };
  }

  /** Consumes the code if right; counts a wrong try otherwise. */
  async verify(shopId: number, email: string, code: string): Promise<boolean> {
    const now = nowSeconds(this.clock);
    const row = await this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('email', '=', email)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return false;
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(hashCode(shopId, email, code.trim()), 'hex');
    if (timingSafeEqual(expected, given)) {
      const consumed = await this.db
        .updateTable('verification_codes')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('attempts', '<', MAX_CODE_ATTEMPTS)
        .executeTakeFirst();
      return Number(consumed.numUpdatedRows) === 1;
    }
    await this.db
      .updateTable('verification_codes')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', row.id)
      .execute();
    return false;
  }
}
