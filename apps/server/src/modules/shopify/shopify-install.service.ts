import { randomBytes } from 'node:crypto';
import { nowSeconds, type Clock } from '../../clock.js';
import { createShop } from '../../cli/shops.js';
import type { Db } from '../../db/database.js';
import { ShopsRepository } from '../storefront-config/shops.repository.js';
import type { ShopifyInstalls } from './shopify-installs.repository.js';
import { signValue, unsignValue, verifyQueryHmac } from './shopify-signatures.js';

export interface ShopifyApp {
  apiKey: string;
  secret: string;
  scopes: string;
  publicUrl: string;
  /** Tests only: the fake Admin API, instead of https://{shop}. */
  adminOrigin?: string | undefined;
}

type Query = Record<string, string | string[] | undefined>;

/** Why an install callback was refused; each answers 400 or 401 without saying more than this. */
export class InstallRefused extends Error {
  constructor(readonly reason: 'shop' | 'hmac' | 'state' | 'exchange') {
    super(`Shopify install refused: ${reason}`);
  }
}

/** A shop's permanent myshopify domain, the only one Shopify's OAuth runs on; null for anything else. */
export function myshopifyDomain(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return /^[a-z0-9][a-z0-9-]{0,60}\.myshopify\.com$/.test(text) ? text : null;
}

/**
 * The OAuth install (authorization code grant, offline token): a state nonce bound to the browser by a signed cookie,
 * the callback's HMAC and state checked before the code is traded, our shop made on first install, the token sealed.
 */
export class ShopifyInstallService {
  constructor(
    private readonly deps: { db: Db; clock: Clock; installs: ShopifyInstalls; app: ShopifyApp; timeoutMs: number },
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
    return { url: url.toString(), cookie: signValue(`${shop}:${state}`, app.secret) };
  }

  /** Checks Shopify's redirect and stores the shop's token; answers the shop's domain. */
  async complete(query: Query, cookie: string | undefined): Promise<string> {
    const { app, installs, db, clock } = this.deps;
    const shop = myshopifyDomain(query.shop);
    if (!shop) throw new InstallRefused('shop');
    if (!verifyQueryHmac(query, app.secret)) throw new InstallRefused('hmac');
    const expected = cookie ? unsignValue(cookie, app.secret) : null;
    if (!expected || expected !== `${shop}:${String(query.state)}`) throw new InstallRefused('state');
    const { token, scopes } = await this.exchange(shop, typeof query.code === 'string' ? query.code : '');
    const known = await installs.byDomain(shop);
    const shopId =
      known?.shopId ??
      (await new ShopsRepository(db, clock).byUrl(shop))?.id ??
      (await createShop(db, clock, shop, {})).shop.id;
    await installs.save({ shopId, domain: shop, scopes }, token, nowSeconds(clock));
    return shop;
  }

  private async exchange(shop: string, code: string): Promise<{ token: string; scopes: string }> {
    const { app } = this.deps;
    const origin = app.adminOrigin?.replace(/\/$/, '') ?? `https://${shop}`;
    const response = await fetch(`${origin}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: app.apiKey, client_secret: app.secret, code }),
      signal: AbortSignal.timeout(this.deps.timeoutMs),
    }).catch(() => null);
    const body = (response?.ok ? await response.json().catch(() => null) : null) as {
      access_token?: unknown;
      scope?: unknown;
    } | null;
    if (typeof body?.access_token !== 'string' || !body.access_token) throw new InstallRefused('exchange');
    return { token: body.access_token, scopes: typeof body.scope === 'string' ? body.scope : app.scopes };
  }
}
