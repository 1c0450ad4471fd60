import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

export interface Session {
  tokenHash: string;
  shopId: number;
  email: string;
  /** Set when the shopper proved one order (order number login); null when they proved the email. */
  orderId: number | null;
  /** A gift recipient's session (ADR 044): `email` is the recipient's, and only `orderId` may be returned. */
  gift: boolean;
  expiresAt: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The session of a token hash, unless revoked or expired: read on every signed-in call. */
const liveSession = prepared((db, tokenHash: string, now: number) =>
  db
    .selectFrom('sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now),
);

/** A new session: made by every sign-in. */
const newSession = prepared(
  (
    db,
    tokenHash: string,
    shopId: number,
    email: string,
    orderId: number | null,
    gift: number,
    createdAt: number,
    expiresAt: number,
  ) =>
    db.insertInto('sessions').values({
      token_hash: tokenHash,
      shop_id: shopId,
      email,
      order_id: orderId,
      gift,
      created_at: createdAt,
      expires_at: expiresAt,
      revoked_at: null,
    }),
);

/** Session tokens: 256 random bits, only their hash stored, expiring, revoked on logout. */
export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {}

  async create(
    shopId: number,
    email: string,
    orderId: number | null,
    gift = false,
  ): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = nowSeconds(this.clock);
    const expiresAt = now + this.ttlSeconds;
    await newSession(this.db, hashToken(token), shopId, email, orderId, gift ? 1 : 0, now, expiresAt);
    return { token, expiresAt };
  }

  async resolve(request: FastifyRequest): Promise<Session | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const token = header.slice(7).trim();
    if (token.length < 20 || token.length > 100) return null;
    const [row] = await liveSession(this.db, hashToken(token), nowSeconds(this.clock));
    return row
      ? {
          tokenHash: row.token_hash,
          shopId: row.shop_id,
          email: row.email,
          orderId: row.order_id,
          gift: row.gift === 1,
          expiresAt: row.expires_at,
        }
      : null;
  }

  async revoke(session: Session): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: nowSeconds(this.clock) })
      .where('token_hash', '=', session.tokenHash)
      .execute();
  }
}
