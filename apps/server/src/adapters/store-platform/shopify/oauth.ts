import type { InstallGrant, InstallToken } from '../port.js';

export interface ShopifyOAuthOptions {
  apiKey: string;
  secret: string;
  /** The scopes asked for: what the token grants when Shopify's answer does not say. */
  scopes: string;
  /** Tests only: the fake Admin API, instead of https://{shop}. */
  adminOrigin?: string | undefined;
  timeoutMs: number;
}

/** Shopify's OAuth token exchange: the install callback's code traded for the shop's offline token. */
export class ShopifyOAuth implements InstallGrant {
  constructor(private readonly options: ShopifyOAuthOptions) {}

  async exchangeCode(shop: string, code: string): Promise<InstallToken | null> {
    const { apiKey, secret, scopes, adminOrigin, timeoutMs } = this.options;
    const origin = adminOrigin?.replace(/\/$/, '') ?? `https://${shop}`;
    const response = await fetch(`${origin}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ client_id: apiKey, client_secret: secret, code }),
      signal: AbortSignal.timeout(timeoutMs),
    }).catch(() => null);
    const body = (response?.ok ? await response.json().catch(() => null) : null) as {
      access_token?: unknown;
      scope?: unknown;
    } | null;
    if (typeof body?.access_token !== 'string' || !body.access_token) return null;
    return { token: body.access_token, scopes: typeof body.scope === 'string' ? body.scope : scopes };
  }
}
