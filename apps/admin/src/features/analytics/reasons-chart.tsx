import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Analytics } from './analytics-api';
import { countLabel } from './analytics-format';
import { ChartCard } from './chart-card';
import { BAR_COLOUR, barsHeight } from './chart-setup';

/** The reasons given for the most returned items of the range, most common first (up to ten). */
export function ReasonsChart({ reasons, fileSuffix }: { reasons: Analytics['top_reasons']; fileSuffix: string }) {
  const { t } = useTranslation();
  const config = useMemo<ChartConfiguration<'bar'> | null>(
    () =>
      reasons.length === 0
        ? null
        : {
            type: 'bar',
            data: {
              labels: reasons.map((r) => r.reason),
              datasets: [
                {
                  label: t('analytics.reasons.count'),
                  data: reasons.map((r) => r.count),
                  backgroundColor: BAR_COLOUR,
                  maxBarThickness: 32,
                },
              ],
            },
            options: {
              indexAxis: 'y',
              maintainAspectRatio: false,
              plugins: { legend: { display: false } },
              scales: { x: { beginAtZero: true, ticks: { precision: 0 } }, y: { grid: { display: false } } },
            },
          },
    [reasons, t],
  );
  const list = reasons.map((r) => `${r.reason} ${countLabel(r.count)}`).join(', ');
  return (
    <ChartCard
      title={t('analytics.reasons.title')}
      summary={t('analytics.reasons.summary', { list })}
      config={config}
      empty={t('analytics.reasons.empty')}
      height={barsHeight(reasons.length)}
      columns={[{ label: t('analytics.reasons.reason') }, { label: t('analytics.reasons.count'), numeric: true }]}
      rows={reasons.map((r) => [r.reason, countLabel(r.count)])}
      csv={[['reason', 'items'], ...reasons.map((r) => [r.reason, r.count])]}
      fileName={`top-reasons-${fileSuffix}.csv`}
    />
  );
}
