import {
  accessibilityStatement,
  calls,
  Code,
  MERCHANT_BASE,
  type Envelope,
  type ShopSettings,
} from '@return-center/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShop, buildTestApp, dialects, shop, type TestApp } from '../../../test/helper.js';

const DAY_MS = 86_400_000;
/** This release's review of the facts (statement-facts.ts), in seconds. */
const REVIEWED_ON = Date.UTC(2026, 10, 27) / 1000;

describe.each(dialects)('the accessibility statement on %s', (dialect) => {
  let t: TestApp;
  let otherKey: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { SESSION_TTL_MINUTES: '90', CODE_TTL_MINUTES: '8' });
    otherKey = (await addShop(t, 'second.example.com')).apiKey;
  });
  afterAll(() => t.close());

  const statement = async (shopUrl: string, lang = 'en') => {
    const { status, body } = await t.call(calls.accessibilityStatement, { shop_url: shopUrl, lang });
    expect([status, body.code]).toEqual([200, Code.Success]);
    return accessibilityStatement.parse(body.data);
  };
  const settingsOf = async (key: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `${MERCHANT_BASE}/settings`,
        headers: { authorization: `Bearer ${key}` },
      })
    ).json<Envelope<ShopSettings>>().data;
  const save = async (key: string, settings: ShopSettings) => {
    const reply = await t.app.inject({
      method: 'PUT',
      url: `${MERCHANT_BASE}/settings`,
      headers: { authorization: `Bearer ${key}` },
      payload: settings,
    });
    return { status: reply.statusCode, body: reply.json<Envelope<ShopSettings>>() };
  };

  it("answers the server's facts for a shop that added nothing: standard, status, tests, limitations, date, contact", async () => {
    const facts = await statement(shop);
    expect(facts).toMatchObject({
      shop_url: shop,
      store_name: 'Fernhill Supply Co.',
      language: 'en',
      standard: { wcag: '2.2', level: 'AA', en_301_549: 'V3.2.1 (2021-03)' },
      // The PDFs and the time limits fall short of 1.3.1 and 2.2.1: nothing is claimed fully conformant.
      conformance: 'partial',
      tests: ['axe', 'keyboard', 'roles', 'rtl'],
      session_minutes: 90,
      code_minutes: 8,
      reviewed_at: REVIEWED_ON,
      feedback_email: 'support@demo-shop.example',
      enforcement_body: '',
      extra_text: '',
    });
    expect(facts.limitations).toEqual([
      { code: 'pdf_documents', criteria: ['1.3.1'] },
      { code: 'time_limits', criteria: ['2.2.1'] },
      { code: 'merchant_content', criteria: [] },
      { code: 'screen_readers', criteria: [] },
    ]);
  });

  it("shows the merchant's additions saved over the merchant API, per language, and dates the statement by the edit", async () => {
    const settings = await settingsOf('demo-merchant-key');
    expect(settings.accessibility).toEqual({
      feedback_email: '',
      enforcement_body: '',
      extra_text: '',
      extra_text_translations: {},
      edited_at: 0,
    });
    t.clock.advance(30 * DAY_MS);
    const editedAt = Math.floor(t.clock.nowMs() / 1000);
    const saved = await save('demo-merchant-key', {
      ...settings,
      accessibility: {
        feedback_email: 'Access@Demo-Shop.example',
        enforcement_body: 'Inspection du travail, Paris',
        extra_text: 'Call us on 0800 123 for help.',
        extra_text_translations: { de: 'Rufen Sie uns unter 0800 123 an.' },
        // A client cannot date the statement.
        edited_at: 1,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.accessibility.edited_at).toBe(editedAt);

    expect(await statement(shop)).toMatchObject({
      feedback_email: 'access@demo-shop.example',
      enforcement_body: 'Inspection du travail, Paris',
      extra_text: 'Call us on 0800 123 for help.',
      reviewed_at: editedAt,
    });
    expect(await statement(shop, 'de-DE')).toMatchObject({
      language: 'de',
      extra_text: 'Rufen Sie uns unter 0800 123 an.',
    });
    // A language without its own text shows the shop's text; an unknown one is answered in English.
    expect(await statement(shop, 'fr')).toMatchObject({ language: 'fr', extra_text: 'Call us on 0800 123 for help.' });
    expect((await statement(shop, 'xx')).language).toBe('en');

    // A later save that leaves the statement's part alone keeps its date.
    t.clock.advance(DAY_MS);
    const again = await settingsOf('demo-merchant-key');
    expect((await save('demo-merchant-key', { ...again, hidden_refund: 1 })).status).toBe(200);
    expect((await statement(shop)).reviewed_at).toBe(editedAt);
  });

  it("keeps each shop's statement its own", async () => {
    const settings = await settingsOf(otherKey);
    const saved = await save(otherKey, {
      ...settings,
      accessibility: {
        ...settings.accessibility,
        extra_text: 'Second shop words',
        feedback_email: 'a11y@second.example',
      },
    });
    expect(saved.status).toBe(200);
    expect(await statement('second.example.com')).toMatchObject({
      store_name: 'Other',
      extra_text: 'Second shop words',
      feedback_email: 'a11y@second.example',
    });
    expect((await statement(shop)).extra_text).not.toBe('Second shop words');
  });

  it('refuses a feedback address that is no email, and answers an unknown shop as unavailable', async () => {
    const settings = await settingsOf('demo-merchant-key');
    const refused = await save('demo-merchant-key', {
      ...settings,
      accessibility: { ...settings.accessibility, feedback_email: 'not an email' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.data)).toContain('accessibility.feedback_email');
    const unknown = await t.call(calls.accessibilityStatement, { shop_url: 'nowhere.example.com', lang: 'en' });
    expect(unknown.body.code).toBe(Code.StoreUnavailable);
  });
});
