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

/**
 * English names written out, here and for the zones below: a page's first `Intl.DateTimeFormat` loads the browser's
 * date data, about 140 ms at 4× CPU on the pickup screen's first view (bench `coldload`). Other languages ask Intl.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Spec screen 11: the date as weekday, month day with ordinal, year ("Monday, November 23rd, 2026"). */
export function pickupDateLabel(date: string, language: string): string {
  const at = utcDate(date);
  if (Number.isNaN(at.getTime())) return date;
  const parts = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' } as const;
  if (language !== 'en') return new Intl.DateTimeFormat(language, parts).format(at);
  const weekday = WEEKDAYS[at.getUTCDay()] ?? '';
  const month = MONTHS[at.getUTCMonth()] ?? '';
  return `${weekday}, ${month} ${ordinal(at.getUTCDate())}, ${String(at.getUTCFullYear())}`;
}

/** A short label of a day for the mobile list and the calendar: "Mon 23". */
export function dayLabel(date: string, language: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(utcDate(date));
}

/** The English names of the zones a US pickup can be in (domain `US_TIME_ZONES`), as Intl's `longGeneric` writes them. */
const ENGLISH_ZONES: Readonly<Record<string, string>> = {
  'America/Adak': 'Hawaii-Aleutian Time',
  'America/Anchorage': 'Alaska Time',
  'America/Boise': 'Mountain Time',
  'America/Chicago': 'Central Time',
  'America/Denver': 'Mountain Time',
  'America/Detroit': 'Eastern Time',
  'America/Indiana/Indianapolis': 'Eastern Time',
  'America/Kentucky/Louisville': 'Eastern Time',
  'America/Los_Angeles': 'Pacific Time',
  'America/Menominee': 'Central Time',
  'America/New_York': 'Eastern Time',
  'America/Phoenix': 'Mountain Standard Time',
  'America/Puerto_Rico': 'Atlantic Standard Time',
  'America/St_Thomas': 'Atlantic Standard Time',
  'Pacific/Guam': 'Chamorro Standard Time',
  'Pacific/Honolulu': 'Hawaii-Aleutian Standard Time',
  'Pacific/Pago_Pago': 'American Samoa Standard Time',
  'Pacific/Saipan': 'Chamorro Standard Time',
};

/**
 * The zone a pickup's times are in, named in the shopper's language with its city: "Eastern Time (New York)". The zone
 * is the server's, derived from the pickup address.
 */
export function zoneLabel(timezone: string, language: string): string {
  const city = (timezone.split('/').at(-1) ?? timezone).replace(/_/g, ' ');
  const english = language === 'en' && Object.hasOwn(ENGLISH_ZONES, timezone) ? ENGLISH_ZONES[timezone] : undefined;
  if (english) return `${english} (${city})`;
  try {
    const name = new Intl.DateTimeFormat(language, { timeZone: timezone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return name ? `${name} (${city})` : city;
  } catch {
    return city;
  }
}
