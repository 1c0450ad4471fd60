import { DATE_FORMATS } from '@return-center/contract';
import { present } from '@return-center/domain';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { setDateLocaleLoader } from './i18n';

dayjs.extend(advancedFormat);

/** dayjs locale data, loaded when a language is chosen (spec §9: dates in the shopper's language). */
const LOCALE_LOADERS: Record<string, () => Promise<unknown>> = {
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
  it: () => import('dayjs/locale/it'),
  nl: () => import('dayjs/locale/nl'),
  es: () => import('dayjs/locale/es'),
  zh: () => import('dayjs/locale/zh-cn'),
  'zh-hant': () => import('dayjs/locale/zh-tw'),
  pt: () => import('dayjs/locale/pt'),
  uk: () => import('dayjs/locale/uk'),
  pl: () => import('dayjs/locale/pl'),
  ar: () => import('dayjs/locale/ar'),
  sv: () => import('dayjs/locale/sv'),
  he: () => import('dayjs/locale/he'),
  nb: () => import('dayjs/locale/nb'),
  lt: () => import('dayjs/locale/lt'),
  ru: () => import('dayjs/locale/ru'),
  vi: () => import('dayjs/locale/vi'),
  tr: () => import('dayjs/locale/tr'),
  el: () => import('dayjs/locale/el'),
  fi: () => import('dayjs/locale/fi'),
  et: () => import('dayjs/locale/et'),
  ms: () => import('dayjs/locale/ms'),
  ro: () => import('dayjs/locale/ro'),
  cs: () => import('dayjs/locale/cs'),
  da: () => import('dayjs/locale/da'),
  sl: () => import('dayjs/locale/sl'),
  lv: () => import('dayjs/locale/lv'),
  ja: () => import('dayjs/locale/ja'),
  id: () => import('dayjs/locale/id'),
  bg: () => import('dayjs/locale/bg'),
  ko: () => import('dayjs/locale/ko'),
  th: () => import('dayjs/locale/th'),
};
const DAYJS_NAMES: Record<string, string> = { zh: 'zh-cn', 'zh-hant': 'zh-tw' };

export async function loadDateLocale(code: string): Promise<void> {
  await LOCALE_LOADERS[code]?.();
}
// The shopper's date locale is in place before a page that imports this module formats its first date.
await setDateLocaleLoader(loadDateLocale);

export interface DateOptions {
  dateFormat?: number;
  timeFormat?: number;
  hideYear?: boolean;
  hideTime?: boolean;
  hideSeconds?: boolean;
  /** The word before a time in format 2 ("at" in English). */
  at?: string;
}

const DEFAULT_DATE_FORMAT = present(DATE_FORMATS[0], 'Date format 0');
const DEFAULT_TIME_FORMAT = 'HH:mm';
const TIME_FORMATS: Record<number, string> = { 0: 'hh:mm:ss A', 1: DEFAULT_TIME_FORMAT, 2: 'h:mm A' };

/** Spec §9: a timestamp in seconds, in date format 0–9 and time format 0–2, with parts hidden on request. */
export function formatTimestamp(seconds: number, locale: string, options: DateOptions = {}): string {
  let date = DATE_FORMATS[options.dateFormat ?? 0] ?? DEFAULT_DATE_FORMAT;
  if (options.hideYear) date = date.replace(/[\s,./-]*Y{2,4}/, '').trim();
  let pattern = date;
  if (!options.hideTime) {
    const timeFormat = options.timeFormat ?? 1;
    let time = TIME_FORMATS[timeFormat] ?? DEFAULT_TIME_FORMAT;
    if (options.hideSeconds) time = time.replace(':ss', '');
    pattern = timeFormat === 2 ? `${date} [${(options.at ?? 'at').replace(/[[\]]/g, '')}] ${time}` : `${date} ${time}`;
  }
  return dayjs
    .unix(seconds)
    .locale(DAYJS_NAMES[locale] ?? locale)
    .format(pattern);
}
