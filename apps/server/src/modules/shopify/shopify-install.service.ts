import { randomBytes } from 'node:crypto';
import type { InstallGrant } from '../../adapters/store-platform/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { RateLimiter } from '../auth/rate-limiter.js';
import { ShopsService } from '../storefront-config/shops.service.js';
import type { ShopifyInstalls } from './shopify-installs.repository.js';
import { freshTimestamp, signValue, unsignValue, verifyQueryHmac } from './shopify-signatures.js';

export interface ShopifyApp {
  apiKey: string;
  secret: string;
  scopes: string;
  publicUrl: string;
}

type Query = Record<string, string | string[] | undefined>;

/** How long an install may take from our redirect to Shopify's callback (the state cookie's Max-Age too). */
export const STATE_TTL_SECONDS = 600;

/** Why an install callback was refused; each answers 401 (502 for the exchange) without saying more than this. */
export class InstallRefused extends Error {
  constructor(readonly reason: 'shop' | 'hmac' | 'timestamp' | 'state' | 'exchange') {
    super(`Shopify install refused: ${reason}`);
  }
}

/** A shop's permanent myshopify domain, the only one Shopify's OAuth runs on; null for anything else. */
export function myshopifyDomain(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return /^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/.test(text) ? text : null;
}

/**
 * The OAuth install (authorization code grant, offline token): a state nonce bound to the browser by a signed cookie
 * that says when it was made, the callback's HMAC, timestamp and state checked before the code is traded (a state
 * works once, within STATE_TTL_SECONDS), our shop made on first install, the token sealed.
 */
export class ShopifyInstallService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      installs: ShopifyInstalls;
      app: ShopifyApp;
      /** Trades the callback's code for the shop's token. */
      grant: InstallGrant;
      /** Counts each state's use, shared by every instance: the second use of one is refused. */
      limiter: RateLimiter;
    },
  ) {}

  /** Where to send the merchant, and the cookie value that proves the state is this browser's. */
  begin(shop: string): { url: string; cookie: string } {
    const { app } = this.deps;
    const state = randomBytes(16).toString('hex');
    const url = new URL(`https://${shop}/admin/oauth/authorize`);
    url.searchParams.set('client_id', app.apiKey);
    url.searchParams.set('scope', app.scopes);
    url.searchParams.set('redirect_uri', `${app.publicUrl}/shopify/callback`);
    url.searchParams.set('state', state);
    const cookie = signValue(`${shop}:${state}:${String(nowSeconds(this.deps.clock))}`, app.secret);
    return { url: url.toString(), cookie };
  }

  /** Checks Shopify's redirect and stores the shop's token; answers the shop's domain. */
  async complete(query: Query, cookie: string | undefined): Promise<string> {
    const { app, installs, db, clock } = this.deps;
    const shop = myshopifyDomain(query.shop);
    if (!shop) throw new InstallRefused('shop');
    if (!verifyQueryHmac(query, app.secret)) throw new InstallRefused('hmac');
    // Shopify signs the callback with its time: one signed long ago (or ahead) may be a captured one.
    if (!freshTimestamp(query.timestamp, nowSeconds(clock))) throw new InstallRefused('timestamp');
    await this.claimState(shop, query.state, cookie);
    const granted = await this.deps.grant.exchangeCode(shop, typeof query.code === 'string' ? query.code : '');
    if (!granted) throw new InstallRefused('exchange');
    const { token, scopes } = granted;
    const known = await installs.byDomain(shop);
    const shops = new ShopsService(db, clock);
    const shopId = known?.shopId ?? (await shops.byUrl(shop))?.id ?? (await shops.create(shop)).shop.id;
    await installs.save({ shopId, domain: shop, scopes }, token, nowSeconds(clock));
    return shop;
  }

  /** The callback's state is the one this browser was given, not too old, and used for the first time. */
  private async claimState(shop: string, state: unknown, cookie: string | undefined): Promise<void> {
    const { app, clock, limiter } = this.deps;
    const [cookieShop, cookieState, issuedAt] = (cookie ? (unsignValue(cookie, app.secret) ?? '') : '').split(':');
    const age = nowSeconds(clock) - Number(issuedAt);
    if (cookieShop !== shop || !cookieState || cookieState !== state || !(age >= 0 && age <= STATE_TTL_SECONDS))
      throw new InstallRefused('state');
    const once = { max: 1, windowSeconds: STATE_TTL_SECONDS };
    if (!(await limiter.hit(`shopify-state:${cookieState}`, once))) throw new InstallRefused('state');
  }
}
