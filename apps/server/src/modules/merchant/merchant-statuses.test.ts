import {
  calls,
  Code,
  MERCHANT_BASE,
  merchantRoutes,
  type Envelope,
  type FieldError,
  type MerchantRouteName,
  type ShopSettings,
} from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addShop, buildTestApp, dialects, submitReturn, type TestApp } from '../../../test/helper.js';

const KEY = 'demo-merchant-key';

interface OpenApiDoc {
  paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
}

describe.each(dialects)('merchant API statuses on %s (ADR 025)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  /** One call of a route as a REST client makes it: the path filled in, the key, and a JSON body if any. */
  const send = async (
    name: MerchantRouteName,
    options: { id?: number | string; query?: string; body?: unknown; key?: string; headers?: object } = {},
  ) => {
    const route = merchantRoutes[name];
    const response = await t.app.inject({
      method: route.method,
      url: `${MERCHANT_BASE}${route.path.replace('{id}', String(options.id ?? ''))}${options.query ?? ''}`,
      headers: { authorization: `Bearer ${options.key ?? KEY}`, ...options.headers },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return { name, status: response.statusCode, headers: response.headers, body: response.json<Envelope<unknown>>() };
  };
  const errorsOf = (answer: { body: Envelope<unknown> }) => (answer.body.data as { errors: FieldError[] }).errors;

  it('answers a missing or foreign request 404, which a REST client takes for a failure; shopper calls keep 200', async () => {
    const { token, requestId } = await submitReturn(t);
    const other = await addShop(t);
    for (const name of ['get', 'approve', 'refund'] as const) {
      const body = name === 'get' ? undefined : {};
      const foreign = await send(name, { id: requestId, key: other.apiKey, body });
      const missing = await send(name, { id: requestId + 1000, key: other.apiKey, body });
      // The envelope is kept: same code and message as before, now with a status that says "not found".
      expect(foreign).toMatchObject({ status: 404, body: { code: Code.NotFound, msg: missing.body.msg } });
      expect(missing.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
    }
    expect((await send('get', { id: 'abc' })).status).toBe(404);
    // The shopper's calls follow the spec's envelope: a missing request is code 1004 in an HTTP 200.
    const shopper = await t.call(calls.returnInfo, { request_id: requestId + 1000 }, token);
    expect(shopper).toMatchObject({ status: 200, body: { code: Code.NotFound } });
  });

  it('refuses input with 400 and each field in data.errors, and a rule of the request with 422', async () => {
    const { requestId } = await submitReturn(t);
    const settings = (await send('getSettings')).body.data as ShopSettings;
    const bad = await send('putSettings', {
      body: { ...settings, return_setting: { ...settings.return_setting, return_fee: 'free' }, date_format: 6 },
    });
    expect(bad).toMatchObject({ status: 400, body: { code: Code.InvalidInput } });
    expect(errorsOf(bad).map((error) => error.field)).toEqual(['date_format', 'return_setting.return_fee']);
    expect(bad.body.msg).toContain('return_setting.return_fee: ');

    const query = await send('list', { query: '?status=abc&limit=500' });
    expect(query.status).toBe(400);
    expect(errorsOf(query).map((error) => error.field)).toEqual(['status', 'limit']);
    expect(errorsOf(await send('reject', { id: requestId, body: {} }))[0]?.field).toBe('reason');
    const malformed = await t.app.inject({
      method: 'PUT',
      url: `${MERCHANT_BASE}/settings`,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      payload: '{"style":',
    });
    expect(malformed.statusCode).toBe(400);

    await send('approve', { id: requestId, body: {} });
    await send('receive', { id: requestId, body: {} });
    const tooMuch = await send('refund', { id: requestId, body: { amount: 999_999 } });
    expect(tooMuch).toMatchObject({ status: 422, body: { code: Code.InvalidInput, msg: 'amount: at most 4763' } });
    expect(errorsOf(tooMuch)).toEqual([{ field: 'amount', message: 'at most 4763' }]);
    expect(errorsOf(await send('refund', { id: requestId, body: { solution_id: 6 } }))[0]?.field).toBe('solution_id');
  });

  it('answers 409 to an illegal change and 412 to a save over a newer version', async () => {
    const { requestId } = await submitReturn(t);
    expect(await send('refund', { id: requestId, body: {} })).toMatchObject({
      status: 409,
      body: { code: Code.IllegalTransition },
    });
    const read = await send('getSettings');
    const etag = String(read.headers.etag);
    expect((await send('putSettings', { body: read.body.data, headers: { 'if-match': etag } })).status).toBe(200);
    expect(await send('putSettings', { body: read.body.data, headers: { 'if-match': etag } })).toMatchObject({
      status: 412,
      body: { code: Code.SettingsConflict },
    });
  });

  it('answers 429 with Retry-After once an address has sent too many wrong keys', async () => {
    for (let i = 0; i < 20; i++)
      expect((await send('list', { key: `wrong-key-${String(i)}-padding` })).status).toBe(401);
    const blocked = await send('list');
    expect(blocked).toMatchObject({ status: 429, body: { code: Code.RateLimited } });
    expect(blocked.headers['retry-after']).toBe('900');
    // Waiting that long is enough.
    t.clock.advance(900 * 1000);
    expect((await send('list')).status).toBe(200);
  });

  it('lists in the OpenAPI document every status each route answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/merchant/docs/openapi.json' })).json<OpenApiDoc>();
    const listed = (name: MerchantRouteName) => {
      const route = merchantRoutes[name];
      return Object.keys(doc.paths[MERCHANT_BASE + route.path]?.[route.method.toLowerCase()]?.responses ?? {});
    };
    const { requestId } = await submitReturn(t);
    const settings = (await send('getSettings')).body.data as ShopSettings;
    const answers = [
      await send('list'),
      await send('list', { query: '?status=abc' }),
      await send('list', { key: 'not-a-key-of-any-shop' }),
      await send('get', { id: requestId + 1000 }),
      await send('refund', { id: requestId, body: {} }),
      await send('approve', { id: requestId, body: { extra: 1 } }),
      await send('approve', { id: requestId, body: {} }),
      await send('receive', { id: requestId, body: {} }),
      await send('refund', { id: requestId, body: { amount: 999_999 } }),
      await send('putSettings', { body: settings, headers: { 'if-match': '"0"' } }),
      await send('upsertOrder', { id: 'not!an-id', body: {} }),
      await send('importOrders', { body: { orders: 'none' } }),
    ];
    for (const answer of answers) expect(listed(answer.name), answer.name).toContain(String(answer.status));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200, 400, 401, 404, 409, 412, 422]));
    expect(listed('get')).toEqual(['200', '401', '404', '429']);
    expect(listed('refund')).toEqual(['200', '400', '401', '404', '409', '413', '415', '422', '429']);
    const list = merchantRoutes.list;
    expect(doc.paths[MERCHANT_BASE + list.path]?.get?.responses['429']?.headers).toHaveProperty('Retry-After');
  });
});
