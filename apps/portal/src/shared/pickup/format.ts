const intlLocale = (language: string) => (language === 'zh-hant' ? 'zh-Hant' : language);

/** A slot key such as `9-11` as the shopper's clock shows it: "9 AM – 11 AM", "09–11". */
export function slotLabel(slot: string, language: string): string {
  const [from, to] = slot.split('-').map(Number);
  if (from === undefined || to === undefined || Number.isNaN(from) || Number.isNaN(to)) return slot;
  const hour = new Intl.DateTimeFormat(intlLocale(language), { hour: 'numeric', timeZone: 'UTC' });
  const at = (h: number) => hour.format(new Date(Date.UTC(2000, 0, 1, h)));
  return `${at(from)} – ${at(to)}`;
}

const ordinal = (day: number) => {
  const suffix = new Intl.PluralRules('en', { type: 'ordinal' }).select(day);
  const suffixes: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'st', two: 'nd', few: 'rd' };
  return `${String(day)}${suffixes[suffix] ?? 'th'}`;
};

const utcDate = (date: string) => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
};

/** Spec screen 11: the date as weekday, month day with ordinal, year ("Monday, November 23rd, 2026"). */
export function pickupDateLabel(date: string, language: string): string {
  const at = utcDate(date);
  if (Number.isNaN(at.getTime())) return date;
  const parts = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
  if (language !== 'en') return new Intl.DateTimeFormat(intlLocale(language), parts).format(at);
  const [weekday, month] = ['weekday', 'month'].map((part) =>
    new Intl.DateTimeFormat('en', { [part]: 'long', timeZone: 'UTC' }).format(at),
  );
  return `${weekday ?? ''}, ${month ?? ''} ${ordinal(at.getUTCDate())}, ${String(at.getUTCFullYear())}`;
}

/** A short label of a day for the mobile list and the calendar: "Mon 23". */
export function dayLabel(date: string, language: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(utcDate(date));
}

/** The shopper's IANA time zone, as the browser knows it. */
export const shopperTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
