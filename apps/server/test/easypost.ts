import { createHmac } from 'node:crypto';
import { EASYPOST_WEBHOOK_PATH } from '../src/modules/carrier-webhooks/carrier-webhooks.routes.js';
import { startFakeEasyPost, type FakeEasyPost } from './fakes/easypost-server.js';
import type { BuildOptions } from '../src/app.js';
import type { Config } from '../src/config.js';
import type { Dialect } from '../src/db/database.js';
import { buildTestApp, type TestApp } from './helper.js';

export const EASYPOST_WEBHOOK_SECRET = 'whsec-local-test-secret';

/** The server configured for EasyPost (CARRIER=easypost) against a fresh local fake, with its tracker webhook. */
export async function buildEasyPostApp(
  dialect: Dialect,
  overrides: Partial<Record<keyof Config, string>> = {},
  options: BuildOptions = {},
): Promise<{ t: TestApp; easypost: FakeEasyPost }> {
  // A fresh EasyPost per test: every test's database starts its request ids, and so its references, at 1 again.
  const easypost = await startFakeEasyPost();
  const t = await buildTestApp(
    dialect,
    {
      CARRIER: 'easypost',
      EASYPOST_API_KEY: easypost.apiKey,
      EASYPOST_BASE_URL: easypost.baseUrl,
      EASYPOST_WEBHOOK_SECRET,
      VENDOR_TIMEOUT_MS: '2000',
      ...overrides,
    },
    options,
  );
  return { t, easypost };
}

/** EasyPost's `tracker.updated` event for a tracking code, as the bytes it signs. */
export const trackerEvent = (id: string, trackingCode: string, status: string) =>
  Buffer.from(
    JSON.stringify({
      id,
      object: 'Event',
      description: 'tracker.updated',
      created_at: '2026-11-23T15:04:05Z',
      result: { id: 'trk_1', object: 'Tracker', tracking_code: trackingCode, status, carrier: 'USPS' },
    }),
  );

/** The `x-hmac-signature` header EasyPost sends with a webhook body. */
export const trackerSignature = (body: Buffer) =>
  `hmac-sha256-hex=${createHmac('sha256', EASYPOST_WEBHOOK_SECRET).update(body).digest('hex')}`;

/** Posts a webhook body to the tracker route with the given headers. */
export const postTrackerWebhook = (t: TestApp, body: Buffer, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: EASYPOST_WEBHOOK_PATH,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
