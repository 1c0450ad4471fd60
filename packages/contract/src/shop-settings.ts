import { z } from 'zod';
import { statementSettings } from './accessibility.js';
import { int } from './envelope.js';
import { DEFAULT_RETURN_REASONS, LOCALES, RETURN_WINDOW_DAYS } from './constants.js';
import { giftReturnSettings } from './gift-returns.js';
import { returnSetting } from './order.js';
import { retentionSetting } from './retention.js';
import { reasonSetting } from './returns.js';
import { storeStyle, storeText, type StoreConfig } from './store-config.js';
import { WITHDRAWAL_PERIOD_DAYS, withdrawalSetting } from './withdrawal.js';

/** A place returns are sent to: the shop's, or a warehouse's a rule names. */
export const returnAddress = z.object({
  name: z.string().max(200),
  address1: z.string().max(200),
  address2: z.string().max(200),
  city: z.string().max(100),
  province_code: z.string().max(10),
  zip: z.string().max(20),
  country_code: z.string().length(2),
});
export type ReturnAddress = z.infer<typeof returnAddress>;

/** What the merchant controls (GET/PUT /merchant/v1/settings), stored as JSON on the shop row. */
export const shopSettings = z.object({
  style: storeStyle.default(storeStyle.parse({})),
  text: storeText.default(storeText.parse({})),
  /** Per-language overrides of `text` (e.g. `{ "fr": { "confirm_button_name": "Commencer" } }`). */
  text_translations: z.partialRecord(z.enum(LOCALES), storeText.partial()).default({}),
  lang_list: z.array(z.enum(LOCALES)).default([...LOCALES]),
  custom_css: z.string().max(20000).default(''),
  /** Spec §9 date format index (0 'MMM DD, YYYY' … 9 'D MMMM YYYY') and time format index (0–2). */
  date_format: z
    .union([
      z.literal(0),
      z.literal(1),
      z.literal(2),
      z.literal(3),
      z.literal(4),
      z.literal(5),
      z.literal(7),
      z.literal(8),
      z.literal(9),
    ])
    .default(0),
  time_format: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
  is_remove_brand: z.union([z.literal(0), z.literal(1)]).default(0),
  /**
   * Spec §3 `hidden_refund`: 1 hides the refund amounts from shoppers (the return form and status page say the amount
   * is confirmed once the merchant reviews the request), 2 shows them.
   */
  hidden_refund: z.union([z.literal(1), z.literal(2)]).default(2),
  test_store_data: z.union([z.literal(0), z.literal(1)]).default(0),
  return_setting: returnSetting.default({
    return_window_days: RETURN_WINDOW_DAYS,
    refund_shipping: false,
    return_fee: 0,
    label_fee: 0,
    restocking_fee_percent: 0,
    green_return_max: 0,
    green_return_max_days: 0,
    credit_bonus: { type: 'percent', value: 0, max: 0 },
  }),
  /** Each reason may carry per-language `translations` of its text (default reasons also have built-in ones). */
  reasons: z.array(reasonSetting).default(defaultReasons()),
  /** Solution ids the shop offers (DESIGN §3); the server offers those it can carry out (domain return-rules). */
  solutions: z.array(int).default([1, 2, 4]),
  shipping_methods: z.array(int).default([1, 2, 3]),
  /** Gift returns: on or off, the solutions a gift recipient may choose, whether the buyer is told (ADR 044). */
  gift_returns: giftReturnSettings.default(giftReturnSettings.parse({})),
  /** Sites allowed to frame the portal and talk to it, as exact origins (`https://shop.example`). Never `*`. */
  embed_origins: z
    .array(z.string().regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'an origin like https://shop.example'))
    .max(20)
    .default([]),
  /** Where shoppers send returns, shown on the status page and the packing slip. */
  return_address: returnAddress.default({
    name: 'Fernhill Supply Co. Returns',
    address1: '500 Market Street',
    address2: 'Dock 4',
    city: 'San Francisco',
    province_code: 'CA',
    zip: '94105',
    country_code: 'US',
  }),
  /** What the merchant adds to the shop's accessibility statement (ADR 043). */
  accessibility: statementSettings.default(statementSettings.parse({})),
  /** The EU withdrawal function (ADR 046): on, off, or null to follow the shop's currency and country. */
  withdrawal: withdrawalSetting.default({ enabled: null, period_days: WITHDRAWAL_PERIOD_DAYS }),
  /** Days after a request closes until its photos, labels and personal data are deleted (ADR 050). */
  retention: retentionSetting.default(retentionSetting.parse({})),
});
/** Spec §9 reasons; damage and faults need a photo. */
function defaultReasons() {
  const needsProof = new Set(['Poor quality/faulty', 'Parcel damaged on arrival']);
  return DEFAULT_RETURN_REASONS.map((text, index) => ({
    id: index + 1,
    group_id: 1,
    text,
    proof: needsProof.has(text) ? ('required' as const) : ('optional' as const),
  }));
}

export type ShopSettings = z.infer<typeof shopSettings>;

const isLocale = (code: unknown) => typeof code === 'string' && (LOCALES as readonly string[]).includes(code);

export function parseShopSettings(json: string): ShopSettings {
  const raw = JSON.parse(json || '{}') as Record<string, unknown>;
  // Settings saved before languages were checked at the edge may name unknown ones: they are dropped, not fatal.
  if (Array.isArray(raw.lang_list)) raw.lang_list = raw.lang_list.filter(isLocale);
  if (raw.text_translations && typeof raw.text_translations === 'object')
    raw.text_translations = Object.fromEntries(
      Object.entries(raw.text_translations).filter(([code]) => isLocale(code)),
    );
  // A return window saved before it was bounded (60, -5) reads as the nearest one allowed, so the shop keeps working.
  const rules = raw.return_setting as Record<string, unknown> | undefined;
  if (rules && typeof rules === 'object' && Number.isInteger(rules.return_window_days))
    rules.return_window_days = Math.min(RETURN_WINDOW_DAYS, Math.max(1, rules.return_window_days as number));
  if (Array.isArray(raw.reasons))
    raw.reasons = raw.reasons.map((entry: unknown) => {
      if (!entry || typeof entry !== 'object' || !('translations' in entry)) return entry;
      const { translations } = entry;
      if (!translations || typeof translations !== 'object') return entry;
      return {
        ...entry,
        translations: Object.fromEntries(Object.entries(translations).filter(([code]) => isLocale(code))),
      };
    });
  return shopSettings.parse(raw);
}

/**
 * What the portal shows when the configuration could not be fetched for a reason other than 402 (spec §8: such
 * failures are only logged): a shop's default settings, the shop as given.
 */
export const fallbackStoreConfig = (shopUrl: string, language: string): StoreConfig => {
  const defaults = shopSettings.parse({});
  return {
    id: 0,
    shop_url: shopUrl,
    store_name: '',
    is_remove_brand: defaults.is_remove_brand,
    current_code: language,
    lang: [],
    lang_list: [],
    test_store_data: defaults.test_store_data,
    custom_css: defaults.custom_css,
    embed_origins: [],
    date_format: defaults.date_format,
    time_format: defaults.time_format,
    style: defaults.style,
    text: defaults.text,
    contact: { store_name: '', email: '', phone: '' },
    return_window_days: defaults.return_setting.return_window_days,
    gift_returns: false,
    withdrawal: false,
  };
};
