/**
 * The fake Shopify Admin API as a process of its own, for the e2e journey (e2e/specs/shopify.spec.ts):
 * `node --import tsx apps/server/test/fakes/shopify-fake-main.ts <shop>.myshopify.com <proxy URL>` seeds the shop with
 * order #1001 of alice@example.com and opens the shop's storefront, whose app proxy forwards /apps/returns/… to the
 * proxy URL. It prints one JSON line: the Admin API's origin, the storefront's, the app's key and secret, and a control
 * address where GET /authorize answers an install's one-time code (the merchant approving the app), GET /log every
 * call the Admin API has answered and GET /proxied every request the app proxy forwarded.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { feedOrder } from '@return-center/contract';
import { startFakeShopifyAdmin } from './shopify-admin-server.js';
import { startFakeAppProxy } from './shopify-app-proxy.js';

const domain = process.argv[2] ?? 'e2e-shop.myshopify.com';
const proxyUrl = process.argv[3] ?? 'http://127.0.0.1:3000/apps/returns';
const now = Math.floor(Date.now() / 1000);
const fake = await startFakeShopifyAdmin({ limits: { maximumAvailable: 2000, restoreRate: 100 } });
const shop = fake.addShop({ domain });
fake.putOrder(
  domain,
  feedOrder.parse({
    id: '1001',
    name: '#1001',
    email: 'alice@example.com',
    currency: 'USD',
    created_at: now - 6 * 86_400,
    fulfilled_at: now - 5 * 86_400,
    delivered_at: now - 3 * 86_400,
    shipping: 500,
    lines: [
      { id: '1001-1', title: 'Linen Shirt', variant_title: 'M', sku: 'LS-M', price: 4900, quantity: 1, tax: 392 },
      { id: '1001-2', title: 'Canvas Sneakers', variant_title: '42', sku: 'CS-42', price: 8900, quantity: 1 },
    ],
  }),
);

const storefront = await startFakeAppProxy({ shop: domain, secret: fake.oauth.app.secret, proxyUrl });

const answers: Record<string, () => unknown> = {
  '/authorize': () => ({ code: fake.oauth.authorize(shop) }),
  '/log': () => fake.calls,
  '/proxied': () => storefront.calls,
};
const control = createServer((request, response) => {
  const body = answers[request.url ?? '']?.() ?? null;
  response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
console.log(
  JSON.stringify({
    origin: fake.origin,
    storefront: storefront.origin,
    control: `http://127.0.0.1:${String((control.address() as AddressInfo).port)}`,
    apiKey: fake.oauth.app.apiKey,
    secret: fake.oauth.app.secret,
  }),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    control.close();
    void Promise.all([fake.close(), storefront.close()]).then(() => process.exit(0));
  });
