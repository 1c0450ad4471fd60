import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Analytics } from './analytics-api';
import { countLabel, percentLabel, percentNumber, share } from './analytics-format';
import { ChartCard } from './chart-card';
import { outcomeFill } from './outcome-fills';

/** Requests of the range by what the shopper chose: money back, store credit or an exchange. */
export function OutcomesChart({ split, fileSuffix }: { split: Analytics['outcome_split']; fileSuffix: string }) {
  const { t } = useTranslation();
  const total = split.reduce((sum, s) => sum + s.count, 0);
  const rows = split.map((s) => ({
    name: t(`analytics.outcomes.${s.outcome}`),
    count: s.count,
    share: share(s.count, total),
  }));
  const config = useMemo<ChartConfiguration<'doughnut'> | null>(() => {
    const all = split.reduce((sum, s) => sum + s.count, 0);
    return all === 0
      ? null
      : {
          type: 'doughnut',
          data: {
            // The legend names each segment with its figures, beside its colour and pattern.
            labels: split.map(
              (s) =>
                `${t(`analytics.outcomes.${s.outcome}`)}: ${countLabel(s.count)} (${percentLabel(share(s.count, all))})`,
            ),
            datasets: [
              {
                label: t('analytics.outcomes.count'),
                data: split.map((s) => s.count),
                backgroundColor: split.map((s) => outcomeFill(s.outcome)),
                borderColor: '#ffffff',
                borderWidth: 2,
              },
            ],
          },
          options: {
            maintainAspectRatio: false,
            plugins: { legend: { position: 'bottom', labels: { color: '#1a1d21', boxWidth: 28, boxHeight: 18 } } },
          },
        };
  }, [split, t]);
  const list = rows
    .map((r) =>
      t('analytics.outcomes.item', { outcome: r.name, requests: countLabel(r.count), share: percentLabel(r.share) }),
    )
    .join(', ');
  return (
    <ChartCard
      title={t('analytics.outcomes.title')}
      summary={t('analytics.outcomes.summary', { list })}
      config={config}
      empty={t('analytics.outcomes.empty')}
      height={280}
      columns={[
        { label: t('analytics.outcomes.outcome') },
        { label: t('analytics.outcomes.count'), numeric: true },
        { label: t('analytics.outcomes.share'), numeric: true },
      ]}
      rows={rows.map((r) => [r.name, countLabel(r.count), percentLabel(r.share)])}
      csv={[['outcome', 'requests', 'share_percent'], ...rows.map((r) => [r.name, r.count, percentNumber(r.share)])]}
      fileName={`outcomes-${fileSuffix}.csv`}
    />
  );
}
