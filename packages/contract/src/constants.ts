/** Business constants and limits of spec §9. Durations in milliseconds unless named otherwise. */
export const RETURN_WINDOW_DAYS = 30;
export const REFUND_BUSINESS_DAYS = 10;
export const MAX_PROOF_IMAGES = 5;
export const PROOF_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** The largest proof photo accepted: each file must be under 10 MB (spec §5, 'less than 10M'). */
export const MAX_PROOF_IMAGE_BYTES = 10 * 1024 * 1024 - 1;
export const ITEMS_PER_REQUEST = 1;
/** The longest description a shopper may write for a returned item's reason (spec §2 screen 5). */
export const MAX_REASON_DESCRIPTION = 2000;

export const DEFAULT_RETURN_REASONS = [
  'Arrived too late',
  'Poor quality/faulty',
  'Looks different to image on site',
  'Parcel damaged on arrival',
  "Doesn't suit me",
  'Others (specify in notes)',
] as const;

export const EXCHANGE_SORTS = ['featured', 'newest', 'price-desc', 'price-asc'] as const;

export const PICKUP_MAX_DAYS_AHEAD = 30;
export const PICKUP_DEFAULT_TIME_SLOT = '9-11';
export const PICKUP_DEFAULT_CARRIER = 'USPS-EASYPOST';
export const PICKUP_COUNTRY = 'US';
export const PICKUP_PHONE_PREFIX = '+1';
export const DEFAULT_BANK_REFUND_CURRENCY = 'GBP';
/** Currencies of the IBAN accounts a bank-transfer refund can be paid to. */
export const BANK_REFUND_CURRENCIES = [
  'GBP',
  'EUR',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
] as const;
export type BankRefundCurrency = (typeof BANK_REFUND_CURRENCIES)[number];
export const isBankRefundCurrency = (code: string): code is BankRefundCurrency =>
  (BANK_REFUND_CURRENCIES as readonly string[]).includes(code);

export const POLL_MAX_ATTEMPTS = 20;
export const POLL_FIRST_DELAY = 2000;
export const POLL_LATER_DELAY = 3000;

export const TOAST_DURATIONS = { short: 2000, normal: 4000, long: 5000 } as const;
export const TOAST_DEFAULT_DURATION = 4000;
export const ADDRESS_EDIT_DELAY = 300;
export const FORM_RESET_DELAY = 200;
export const HTTP_TIMEOUT = 12000;
export const CONFIG_RETRY_COUNT = 3;
export const CONFIG_RETRY_DELAY = 2000;

export const APPEARANCE_DEFAULTS = {
  logoWidth: 30,
  primaryColor: '#000000',
  buttonTextColor: '#ffffff',
  cornerRadius: 0,
  opacity: 100,
} as const;

export const BREAKPOINTS = { sm: 639, smUp: 640, mobile: 768, lg: 1024, xl: 1280 } as const;

export const DEFAULT_LANGUAGE = 'en';
export const LOCALES = [
  'en',
  'fr',
  'de',
  'it',
  'nl',
  'es',
  'zh',
  'zh-hant',
  'pt',
  'uk',
  'pl',
  'ar',
  'sv',
  'he',
  'nb',
  'lt',
  'ru',
  'vi',
  'tr',
  'el',
  'fi',
  'et',
  'ms',
  'ro',
  'cs',
  'da',
  'sl',
  'lv',
  'ja',
  'id',
  'bg',
  'ko',
  'th',
] as const;
export type Locale = (typeof LOCALES)[number];
export const RTL_LOCALES: readonly Locale[] = ['ar', 'he'];

/**
 * Other names of the supported locales: Norwegian as `no` (the macrolanguage; Nynorsk readers read Bokmål), the old
 * ISO codes of Hebrew and Indonesian, and Chinese by script or region (Taiwan, Hong Kong and Macau write traditional).
 */
const LOCALE_ALIASES: Readonly<Record<string, Locale>> = {
  no: 'nb',
  nn: 'nb',
  iw: 'he',
  in: 'id',
  'zh-hans': 'zh',
  'zh-cn': 'zh',
  'zh-sg': 'zh',
  'zh-my': 'zh',
  'zh-tw': 'zh-hant',
  'zh-hk': 'zh-hant',
  'zh-mo': 'zh-hant',
};

/**
 * The supported locale a language tag names, or null: `no` and `nb-NO` → nb, `zh-TW` and `zh-Hant-HK` → zh-hant,
 * `pt_BR` → pt, `iw` → he. Case and `_` do not matter; the longest known prefix of the tag wins.
 */
export function supportedLocale(tag: string): Locale | null {
  const parts = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  for (let length = Math.min(parts.length, 3); length > 0; length--) {
    const prefix = parts.slice(0, length).join('-');
    if ((LOCALES as readonly string[]).includes(prefix)) return prefix as Locale;
    if (Object.hasOwn(LOCALE_ALIASES, prefix)) return LOCALE_ALIASES[prefix] ?? null;
  }
  return null;
}

/** The languages the merchant console speaks (issue 33), a subset of the portal's locales with the same codes. */
export const CONSOLE_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ja', 'zh', 'ar', 'he'] as const;
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];

export const isConsoleLocale = (code: string): code is ConsoleLocale =>
  (CONSOLE_LOCALES as readonly string[]).includes(code);

/** The console language a browser tag names (`de-AT` → de, `zh-CN` → zh), or null when the console lacks it. */
export function consoleLocale(tag: string): ConsoleLocale | null {
  const locale = supportedLocale(tag);
  return locale && isConsoleLocale(locale) ? locale : null;
}

export const DATE_FORMATS: Record<number, string> = {
  0: 'MMM DD, YYYY',
  1: 'MMM DD',
  2: 'MMM Do YYYY',
  3: 'MM/DD/YYYY',
  4: 'DD/MM/YYYY',
  5: 'DD.MM.YYYY',
  7: 'DD MMM YYYY',
  8: 'DD-MMM-YYYY',
  9: 'D MMMM YYYY',
};

export const DEFAULT_FROM = 2;
export const DEFAULT_ORDER_LOOKUP_METHOD = 1;

/** Session storage keys of spec §3. */
export const STORAGE_KEYS = {
  token: 'return-token',
  language: 'return-language',
  history: 'return-history',
  orderLogin: 'return-order-login',
  redirected: 'return-redirected',
  session: 'return-session',
  /** The shop this tab serves, once a URL named it: a reload or a link without `?shop=` stays in that shop. */
  shop: 'return-shop',
} as const;

/** Fixed constant mixed with the shop URL into the getConfig sign (spec §7). Public by design. */
export const CONFIG_SIGN_SALT = 'return-center:config:v1';

/** Each locale's own name, for the language selector. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  nl: 'Nederlands',
  es: 'Español',
  zh: '简体中文',
  'zh-hant': '繁體中文',
  pt: 'Português',
  uk: 'Українська',
  pl: 'Polski',
  ar: 'العربية',
  sv: 'Svenska',
  he: 'עברית',
  nb: 'Norsk bokmål',
  lt: 'Lietuvių',
  ru: 'Русский',
  vi: 'Tiếng Việt',
  tr: 'Türkçe',
  el: 'Ελληνικά',
  fi: 'Suomi',
  et: 'Eesti',
  ms: 'Bahasa Melayu',
  ro: 'Română',
  cs: 'Čeština',
  da: 'Dansk',
  sl: 'Slovenščina',
  lv: 'Latviešu',
  ja: '日本語',
  id: 'Bahasa Indonesia',
  bg: 'Български',
  ko: '한국어',
  th: 'ไทย',
};

/** Spec §9: the tones a status badge takes, and how far along it shows the request. */
export const BADGE_TONES = ['success', 'info', 'attention', 'critical', 'warning', 'new'] as const;
export type BadgeTone = (typeof BADGE_TONES)[number];
export const BADGE_PROGRESS = ['incomplete', 'partiallyComplete', 'complete'] as const;
export type BadgeProgress = (typeof BADGE_PROGRESS)[number];
