import {
  calls,
  Code,
  MERCHANT_BASE,
  storeConfig,
  type Envelope,
  type Locale,
  type ShopSettings,
} from '@return-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSign } from '@return-center/domain';
import { addEmptyShop, buildTestApp, dialects, patchSettings, shop, sign, type TestApp } from '../../../test/helper.js';

describe.each(dialects)('store configuration on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers the signed store configuration with the spec defaults, and the demo shop with its brand', async () => {
    await addEmptyShop(t, 'plain.myshopify.com');
    const plain = await t.call(calls.getConfig, {
      shop_url: 'plain.myshopify.com',
      code: 'de',
      sign: configSign('plain.myshopify.com'),
    });
    expect(plain.body.code).toBe(Code.Success);
    const config = storeConfig.parse(plain.body.data);
    expect(config.current_code).toBe('de');
    expect(config.lang).toHaveLength(33);
    expect(config.style).toMatchObject({
      portal_top_content: { type: 'text', value: 'Return Center', url: '' },
      portal_top_logo_width: 30,
      return_page_primary_color: '#000000',
      primary_btn_text_color: '#ffffff',
      login_pop_up: { corner_radius: 0, opacity: 100 },
      background_image: '',
    });
    expect(config.text.order_lookup_method).toBe(1);

    const demo = storeConfig.parse((await t.call(calls.getConfig, { shop_url: shop, code: 'de', sign })).body.data);
    expect(demo.contact.store_name).toBe('Fernhill Supply Co.');
    expect(demo.style).toMatchObject({
      portal_top_content: { type: 'logo', value: '/catalogue/demo-logo.svg', url: '' },
      return_page_primary_color: '#1f4d3a',
      background_image: '/catalogue/demo-login.svg',
    });
  });

  it('falls back to English for a language the shop does not offer', async () => {
    const { body } = await t.call(calls.getConfig, { shop_url: shop, code: 'xx', sign });
    expect(body.data.current_code).toBe('en');
  });

  it('answers Norwegian for no, and each language for its other common names (#30)', async () => {
    for (const [code, locale] of [
      ['no', 'nb'],
      ['nb-NO', 'nb'],
      ['zh-TW', 'zh-hant'],
      ['zh-CN', 'zh'],
      ['iw', 'he'],
      ['pt-BR', 'pt'],
    ]) {
      const { body } = await t.call(calls.getConfig, { shop_url: shop, code, sign });
      expect([code, body.data.current_code]).toEqual([code, locale]);
    }
  });

  it('answers 402 for a wrong sign or an unknown shop', async () => {
    expect((await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign: 'f'.repeat(64) })).body.code).toBe(
      Code.StoreUnavailable,
    );
    const other = 'other-shop.myshopify.com';
    const { configSign } = await import('@return-center/domain');
    expect((await t.call(calls.getConfig, { shop_url: other, code: 'en', sign: configSign(other) })).body.code).toBe(
      Code.StoreUnavailable,
    );
  });

  it('applies the merchant’s texts for the shopper’s language', async () => {
    await patchSettings(t, (settings) => {
      settings.text.confirm_button_name = 'Start now';
      settings.text_translations = { fr: { confirm_button_name: 'Commencer', bottom_description: '' } };
    });
    const fr = await t.call(calls.getConfig, { shop_url: shop, code: 'fr', sign });
    const de = await t.call(calls.getConfig, { shop_url: shop, code: 'de', sign });
    expect(fr.body.data.text.confirm_button_name).toBe('Commencer');
    expect(de.body.data.text.confirm_button_name).toBe('Start now');
    expect((await t.call(calls.pageSetting, { shop_url: shop, lang: 'fr' })).body.data.text.confirm_button_name).toBe(
      'Commencer',
    );
    await patchSettings(t, (settings) => {
      settings.text.confirm_button_name = '';
      settings.text_translations = {};
    });
  });

  it('looks languages up as own keys only', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `${MERCHANT_BASE}/settings`,
      headers: { authorization: 'Bearer demo-merchant-key' },
      payload: { lang_list: ['toString', 'en'], text_translations: { constructor: { confirm_button_name: 'x' } } },
    });
    expect(put.json<Envelope<null>>().code).toBe(Code.InvalidInput);
    // Settings stored before this check are filtered when served (so stored here past the type's check).
    const unchecked = ['toString', '__proto__', 'en', 'fr'] as Locale[];
    await patchSettings(t, (settings) => {
      settings.lang_list = unchecked;
    });
    for (const code of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      const { status, body } = await t.call(calls.getConfig, { shop_url: shop, code, sign });
      expect(status).toBeLessThan(500);
      if (body.code === Code.Success) {
        expect(body.data.lang_list).toEqual(['en', 'fr']);
        expect(body.data.text.confirm_button_name).toBe('');
      } else expect(body.code).toBe(Code.InvalidInput);
    }
    const fr = await t.call(calls.getConfig, { shop_url: shop, code: 'fr', sign });
    expect(fr.body.data.lang_list).toEqual(['en', 'fr']);
    await patchSettings(t, (settings) => (settings.lang_list = ['en']));
  });

  it('answers merchant CSS sanitised', async () => {
    await patchSettings(
      t,
      (settings) =>
        (settings.custom_css =
          '.rc-brand{color:red}</style><script>x()</script>@import url(https://evil.example/a.css);'),
    );
    const { body } = await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign });
    expect(body.data.custom_css).toBe('.rc-brand{color:red}');
  });

  it('serves a button text colour that reads on the theme colour (AA), wherever the shopper’s page gets its look', async () => {
    await patchSettings(t, (settings) => {
      settings.style.return_page_primary_color = '#ffe14d';
      settings.style.primary_btn_text_color = '#ffffff';
    });
    const config = await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign });
    expect(config.body.data.style.primary_btn_text_color).toBe('#000000');
    expect((await t.call(calls.pageSetting, { shop_url: shop })).body.data.style.primary_btn_text_color).toBe(
      '#000000',
    );
    // A readable choice of the merchant's own stays theirs.
    await patchSettings(t, (settings) => (settings.style.primary_btn_text_color = '#3b2f00'));
    const own = await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign });
    expect(own.body.data.style.primary_btn_text_color).toBe('#3b2f00');
    await patchSettings(t, (settings) => {
      settings.style.return_page_primary_color = '#1f4d3a';
      settings.style.primary_btn_text_color = '#ffffff';
    });
  });

  it('reads the primary colour also as theme_color, and answers it under both names (#30)', async () => {
    const merchant = async (method: 'GET' | 'PUT', payload?: unknown) =>
      (
        await t.app.inject({
          method,
          url: `${MERCHANT_BASE}/settings`,
          headers: { authorization: 'Bearer demo-merchant-key' },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        })
      ).json<Envelope<ShopSettings>>();
    const saved = (await merchant('GET')).data;
    const { return_page_primary_color: _primary, ...style } = saved.style;
    expect((await merchant('PUT', { ...saved, style: { ...style, theme_color: '#12345a' } })).code).toBe(Code.Success);
    const config = (await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign })).body.data;
    expect(config.style).toMatchObject({ return_page_primary_color: '#12345a', theme_color: '#12345a' });
    expect((await t.call(calls.pageSetting, { shop_url: shop })).body.data.style.theme_color).toBe('#12345a');
    // Both given: return_page_primary_color wins, and theme_color follows it.
    await merchant('PUT', { ...saved, style: { ...style, return_page_primary_color: '#1f4d3a', theme_color: '#000' } });
    expect((await t.call(calls.getConfig, { shop_url: shop, code: 'en', sign })).body.data.style).toMatchObject({
      return_page_primary_color: '#1f4d3a',
      theme_color: '#1f4d3a',
    });
  });

  it('serves the login page settings', async () => {
    const { body } = await t.call(calls.pageSetting, { shop_url: shop });
    expect(body.data.style.portal_top_content).toEqual({ type: 'logo', value: '/catalogue/demo-logo.svg', url: '' });
    expect(body.data.text.hide_merchant_contact_information).toBe(0);
  });
});
