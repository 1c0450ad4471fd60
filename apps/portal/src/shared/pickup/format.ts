const intlLocale = (language: string) => (language === 'zh-hant' ? 'zh-Hant' : language);

/** A pickup slot as the server labels it (pickupMethod.pickupTime: "9:00 AM - 11:00 AM"); the key when it has none. */
export const slotLabel = (labels: Readonly<Record<string, string>>, slot: string) =>
  Object.hasOwn(labels, slot) ? (labels[slot] ?? slot) : slot;

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

/**
 * The zone a pickup's times are in, named in the shopper's language with its city: "Eastern Time (New York)". The zone
 * is the server's, derived from the pickup address.
 */
export function zoneLabel(timezone: string, language: string): string {
  const city = (timezone.split('/').at(-1) ?? timezone).replace(/_/g, ' ');
  try {
    const name = new Intl.DateTimeFormat(intlLocale(language), { timeZone: timezone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name ? `${name} (${city})` : city;
  } catch {
    return city;
  }
}
