import { formatLocale } from '../../shared/i18n';

/** Numbers and days in the member's locale (shared/i18n.ts); days are UTC days, as the server counts them. */
const dayFormat = () => new Intl.DateTimeFormat(formatLocale(), { dateStyle: 'medium', timeZone: 'UTC' });
const shortDayFormat = () =>
  new Intl.DateTimeFormat(formatLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
const countFormat = () => new Intl.NumberFormat(formatLocale());
const percentFormat = () => new Intl.NumberFormat(formatLocale(), { style: 'percent', maximumFractionDigits: 1 });

const formatDay = (format: Intl.DateTimeFormat, day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : format.format(date);
};

/** "Jan 3, 2026" for "2026-01-03". */
export const dayLabel = (day: string) => formatDay(dayFormat(), day);
/** "Jan 3" for "2026-01-03", for an axis. */
export const shortDayLabel = (day: string) => formatDay(shortDayFormat(), day);
export const countLabel = (n: number) => countFormat().format(n);
/** A share between 0 and 1 as a percentage ("33.3%"). */
export const percentLabel = (share: number) => percentFormat().format(share);
/** A share as a percentage number with one decimal, for a CSV cell or a chart's value (33.3). */
export const percentNumber = (share: number) => Math.round(share * 1000) / 10;
/** part / whole, 0 when there is no whole. */
export const share = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
