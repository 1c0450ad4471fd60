import { randomBytes } from 'node:crypto';
import type { FakeShop } from './shopify-admin-shop.js';

/**
 * Shopify's OAuth token exchange, for the install flow's tests: `authorize` stands for the merchant approving the app
 * on Shopify's grant screen and answers the one-time code Shopify would redirect with; POST /admin/oauth/access_token
 * trades it (with the app's client id and secret) for the shop's offline token.
 */
export class FakeOAuth {
  private readonly codes = new Map<string, FakeShop>();
  app = { apiKey: 'fake-api-key', secret: 'fake-api-secret-0123456789' };

  authorize(shop: FakeShop): string {
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, shop);
    return code;
  }

  /** The answer to a token exchange: 200 with the token and scopes, or 400 as Shopify answers a bad one. */
  exchange(body: Record<string, unknown>, scopes: string): { status: number; body: unknown } {
    const shop = typeof body.code === 'string' ? this.codes.get(body.code) : undefined;
    if (!shop || body.client_id !== this.app.apiKey || body.client_secret !== this.app.secret)
      return {
        status: 400,
        body: {
          error: 'invalid_request',
          error_description: 'The authorization code was not found or was already used',
        },
      };
    this.codes.delete(body.code as string);
    return { status: 200, body: { access_token: shop.accessToken, scope: scopes } };
  }
}
