import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Analytics } from './analytics-api';
import { countLabel, dayLabel, shortDayLabel } from './analytics-format';
import { ChartCard } from './chart-card';
import { BAR_COLOUR } from './chart-setup';

/** Requests per UTC day of the range, one bar a day, days without requests included. */
export function RequestsChart({ days, fileSuffix }: { days: Analytics['requests_per_day']; fileSuffix: string }) {
  const { t } = useTranslation();
  const config = useMemo<ChartConfiguration<'bar'>>(
    () => ({
      type: 'bar',
      data: {
        labels: days.map((d) => shortDayLabel(d.day)),
        datasets: [
          {
            label: t('analytics.requests.count'),
            data: days.map((d) => d.count),
            backgroundColor: BAR_COLOUR,
            maxBarThickness: 32,
          },
        ],
      },
      options: {
        maintainAspectRatio: false,
        plugins: { legend: { display: false } },
        scales: { x: { grid: { display: false } }, y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    }),
    [days, t],
  );
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce<(typeof days)[number] | undefined>(
    (top, d) => (!top || d.count > top.count ? d : top),
    undefined,
  );
  const bounds = { from: dayLabel(days[0]?.day ?? ''), to: dayLabel(days.at(-1)?.day ?? '') };
  const summary =
    total > 0 && busiest
      ? t('analytics.requests.summary', {
          ...bounds,
          count: total,
          busiest: dayLabel(busiest.day),
          most: countLabel(busiest.count),
        })
      : t('analytics.requests.none', bounds);
  return (
    <ChartCard
      title={t('analytics.requests.title')}
      summary={summary}
      config={config}
      height={280}
      columns={[{ label: t('analytics.requests.day') }, { label: t('analytics.requests.count'), numeric: true }]}
      rows={days.map((d) => [dayLabel(d.day), countLabel(d.count)])}
      csv={[['day', 'requests'], ...days.map((d) => [d.day, d.count])]}
      fileName={`requests-per-day-${fileSuffix}.csv`}
    />
  );
}
