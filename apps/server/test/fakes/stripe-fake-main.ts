/**
 * The fake Stripe as a process of its own, for a journey through a browser with PAYMENTS=stripe:
 * `node --import tsx apps/server/test/fakes/stripe-fake-main.ts` prints one JSON line: the API's origin (for
 * STRIPE_BASE_URL, its hosted pages served there too), the secret key it takes (STRIPE_SECRET_KEY), and a control
 * address where GET /log answers every authorisation, decline, capture, release and expiry, and GET /calls every call.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeStripe } from './stripe-server.js';

const fake = await startFakeStripe();
const answers: Record<string, () => unknown> = { '/log': () => fake.log, '/calls': () => fake.calls };
const control = createServer((request, response) => {
  const answer = answers[request.url ?? ''];
  response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
  response.end(JSON.stringify(answer ? answer() : null));
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
console.log(
  JSON.stringify({
    baseUrl: fake.baseUrl,
    secretKey: fake.secretKey,
    control: `http://127.0.0.1:${String((control.address() as AddressInfo).port)}`,
  }),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    control.close();
    void fake.close().then(() => process.exit(0));
  });
