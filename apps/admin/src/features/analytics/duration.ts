import type { TFunction } from 'i18next';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/**
 * A length of time in words, in its two largest units ("2 days 3 hours", "5 hours 12 minutes"), each rounded down so
 * the figure never says longer than it was; a zero unit is left out ("3 days").
 */
export function durationWords(t: TFunction, seconds: number): string {
  if (seconds < MINUTE) return t('analytics.duration.underMinute');
  const days = Math.floor(seconds / DAY);
  const hours = Math.floor((seconds % DAY) / HOUR);
  const minutes = Math.floor((seconds % HOUR) / MINUTE);
  const parts: [string, number][] =
    days > 0
      ? [
          ['day', days],
          ['hour', hours],
        ]
      : [
          ['hour', hours],
          ['minute', minutes],
        ];
  return parts
    .filter(([, count]) => count > 0)
    .map(([unit, count]) => t(`analytics.duration.${unit}`, { count }))
    .join(' ');
}
