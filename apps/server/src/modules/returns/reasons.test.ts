import {
  calls,
  Code,
  DEFAULT_RETURN_REASONS,
  MERCHANT_BASE,
  type Envelope,
  type ShopSettings,
} from '@return-center/contract';
import { oneLineReturn } from '@return-center/contract/sample-return';
import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, patchSettings, shop, type TestApp } from '../../../test/helper.js';

const FRENCH = [
  'Arrivé trop tard',
  'Mauvaise qualité/défectueux',
  'Différent de la photo sur le site',
  'Colis endommagé à la livraison',
  'Ne me convient pas',
  'Autre (précisez dans la description)',
];
const ARABIC = [
  'وصل متأخرًا جدًا',
  'جودة رديئة/معيب',
  'يبدو مختلفًا عن الصورة على الموقع',
  'وصل الطرد تالفًا',
  'لا يناسبني',
  'أخرى (يرجى التوضيح في الوصف)',
];
const GERMAN = [
  'Zu spät angekommen',
  'Schlechte Qualität/defekt',
  'Sieht anders aus als auf der Website abgebildet',
  'Paket bei Ankunft beschädigt',
  'Passt nicht zu mir',
  'Sonstiges (bitte in der Beschreibung angeben)',
];
const ENGLISH = [...DEFAULT_RETURN_REASONS];

/** The settings' reason at `index` (0 is the first default reason). */
const reasonAt = (settings: ShopSettings, index: number) => present(settings.reasons[index], `reason ${index + 1}`);

describe.each(dialects)('return reasons in the shopper’s language on %s', (dialect) => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' })).body.data
      .token;
  });
  afterEach(() => t.close());

  const reasonsIn = async (payload: Record<string, unknown>) => {
    const { status, body } = await t.call(calls.getReason, payload, token);
    expect(status, JSON.stringify(payload)).toBe(200);
    expect(body.code, JSON.stringify(payload)).toBe(Code.Success);
    return body.data.list as { id: number; group_id: number; text: string; proof: string }[];
  };
  const textsIn = async (lang?: string) => (await reasonsIn(lang === undefined ? {} : { lang })).map((r) => r.text);
  const merchant = (method: 'GET' | 'PUT', payload?: unknown) =>
    t.app.inject({
      method,
      url: `${MERCHANT_BASE}/settings`,
      headers: { authorization: 'Bearer demo-merchant-key' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('answers the default reasons in French and in Arabic, keeping ids, groups and proof rules', async () => {
    const french = await reasonsIn({ lang: 'fr' });
    expect(french.map((r) => r.text)).toEqual(FRENCH);
    expect(french.map((r) => [r.id, r.group_id, r.proof])).toEqual([
      [1, 1, 'optional'],
      [2, 1, 'required'],
      [3, 1, 'optional'],
      [4, 1, 'required'],
      [5, 1, 'optional'],
      [6, 1, 'optional'],
    ]);
    expect(await textsIn('ar')).toEqual(ARABIC);
    expect(await textsIn('de')).toEqual(GERMAN);
  });

  it('answers English when no language is sent, for English, and for a regional code by its base language', async () => {
    expect(await textsIn()).toEqual(ENGLISH);
    expect(await textsIn('en')).toEqual(ENGLISH);
    expect(await textsIn('fr-CA')).toEqual(FRENCH);
    expect(await textsIn('zh-Hant')).toEqual(await textsIn('zh-hant'));
    expect((await textsIn('zh-hant'))[0]).toBe('到貨太晚');
  });

  it('reads Norwegian as no, and the other common names of the languages, as the language they name (#30)', async () => {
    const norwegian = await textsIn('nb');
    expect(norwegian).not.toEqual(ENGLISH);
    for (const lang of ['no', 'no-NO', 'nb-NO', 'nn']) expect(await textsIn(lang)).toEqual(norwegian);
    expect(await textsIn('zh-TW')).toEqual(await textsIn('zh-hant'));
    expect(await textsIn('iw')).toEqual(await textsIn('he'));
  });

  it('falls back to English, without an error, for a language it does not know', async () => {
    for (const lang of ['xx', 'klingon', 'xx-YY', 'en-GB']) expect(await textsIn(lang)).toEqual(ENGLISH);
  });

  it('looks languages and reason texts up as own keys only', async () => {
    for (const lang of ['toString', '__proto__', 'valueOf']) expect(await textsIn(lang)).toEqual(ENGLISH);
    // Codes longer than a language code may be are refused at the edge, never a server error.
    for (const lang of ['constructor', 'hasOwnProperty']) {
      const { status, body } = await t.call(calls.getReason, { lang }, token);
      expect(status, lang).toBeLessThan(500);
      expect(body.code, lang).toBe(Code.InvalidInput);
    }
    // Reasons named like Object's own members are not taken for built-in translations.
    await patchSettings(t, (settings) => {
      reasonAt(settings, 0).text = 'toString';
      reasonAt(settings, 1).text = 'constructor';
      reasonAt(settings, 2).text = '__proto__';
    });
    for (const lang of ['fr', 'toString', '__proto__']) {
      const list = await reasonsIn({ lang });
      expect(list.slice(0, 3).map((r) => r.text)).toEqual(['toString', 'constructor', '__proto__']);
      for (const reason of list) expect(typeof reason.text).toBe('string');
    }
  });

  it('prefers the merchant’s translation, set through the merchant API, over the built-in one', async () => {
    const settings = (await merchant('GET')).json<Envelope<ShopSettings>>().data;
    expect(reasonAt(settings, 0).translations).toBeUndefined();
    reasonAt(settings, 0).translations = { de: 'Kam leider zu spät', fr: '  ' };
    reasonAt(settings, 1).translations = { en: 'Bad quality or broken' };
    const put = await merchant('PUT', settings);
    expect(put.json<Envelope<ShopSettings>>().code).toBe(Code.Success);

    expect(await textsIn('de')).toEqual(['Kam leider zu spät', ...GERMAN.slice(1)]);
    // A blank override counts as none; other languages keep the built-in wording.
    expect(await textsIn('fr')).toEqual(FRENCH);
    expect(await textsIn('en')).toEqual([ENGLISH[0], 'Bad quality or broken', ...ENGLISH.slice(2)]);
    expect((await textsIn('xx'))[1]).toBe('Bad quality or broken');
    // The overrides stay on the server: getReason answers the four reason fields only.
    for (const reason of await reasonsIn({ lang: 'de' }))
      expect(Object.keys(reason).sort()).toEqual(['group_id', 'id', 'proof', 'text']);
  });

  it('answers a renamed default reason in the merchant’s words, translated only where the merchant did', async () => {
    await patchSettings(t, (settings) => {
      reasonAt(settings, 0).text = 'Came after the event';
      reasonAt(settings, 0).translations = { de: 'Kam nach dem Termin' };
      settings.reasons.push({ id: 7, group_id: 2, text: 'Ordered the wrong size', proof: 'optional' });
    });
    expect(await textsIn('de')).toEqual(['Kam nach dem Termin', ...GERMAN.slice(1), 'Ordered the wrong size']);
    expect(await textsIn('fr')).toEqual(['Came after the event', ...FRENCH.slice(1), 'Ordered the wrong size']);
  });

  it('refuses translations for languages it does not support, and drops them from stored settings', async () => {
    const settings = (await merchant('GET')).json<Envelope<ShopSettings>>().data;
    for (const code of ['xx', 'toString', 'constructor']) {
      reasonAt(settings, 0).translations = { [code]: 'Nope' };
      const put = await merchant('PUT', settings);
      expect(put.json<Envelope<null>>().code, code).toBe(Code.InvalidInput);
    }
    // Settings stored some other way are filtered when read, not fatal.
    const unchecked: Record<string, string> = { xx: 'Nope', fr: 'Arrivé après la date' };
    await patchSettings(t, (stored) => {
      reasonAt(stored, 0).translations = unchecked;
    });
    expect((await textsIn('fr'))[0]).toBe('Arrivé après la date');
    expect(await textsIn('xx')).toEqual(ENGLISH);
    const served = (await merchant('GET')).json<Envelope<ShopSettings>>().data;
    expect(reasonAt(served, 0).translations).toEqual({ fr: 'Arrivé après la date' });
  });

  it('still refuses a language code that is not a code at all', async () => {
    const { body } = await t.call(calls.getReason, { lang: 'x'.repeat(40) }, token);
    expect(body.code).toBe(Code.InvalidInput);
  });
});

describe.each(dialects)('a submitted reason on %s', (dialect) => {
  it('is stored in the request’s language, as its status page and emails show it', async () => {
    const t = await buildTestApp(dialect);
    const token = (await t.call(calls.login, { shop_url: shop, email: 'alice@example.com', order_number: '#1001' }))
      .body.data.token;
    const orderId = present((await t.call(calls.index, {}, token)).body.data.list[0], 'first order').id;
    const line = present((await t.call(calls.orderInfo, { order_id: orderId }, token)).body.data.yes[0], 'first line');
    const french = (await t.call(calls.getReason, { lang: 'fr' }, token)).body.data.list as {
      id: number;
      text: string;
    }[];
    const { body } = await t.call(
      calls.setReturnOrder,
      oneLineReturn(
        { orderId, lineId: line.line_item_id, idempotencyKey: 'reason-language-1' },
        { reason: { reason_id: 1 }, fields: { language: 'fr-FR' } },
      ),
      token,
    );
    const detail = (await t.call(calls.returnInfo, { request_id: body.data.request_id }, token)).body.data;
    const item = present(detail.product_items[0], 'returned item');
    expect(item.reason_text).toBe(
      present(
        french.find((r) => r.id === 1),
        'French reason 1',
      ).text,
    );
    expect(item.reason_text).not.toBe(DEFAULT_RETURN_REASONS[0]);
    await t.close();
  });
});
