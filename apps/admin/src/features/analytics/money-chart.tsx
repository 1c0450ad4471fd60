import { minorToDecimal } from '@return-center/domain';
import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { money } from '../../shared/format';
import type { Analytics } from './analytics-api';
import { dayLabel, shortDayLabel } from './analytics-format';
import { ChartCard } from './chart-card';

type Money = Analytics['money'];
export const MONEY_KINDS = ['refunded', 'credited', 'exchanged', 'fees'] as const;
/** One colour per series, each at least 5:1 on white, as the outcomes' (refunds, credit, exchange) and a grey for fees. */
const COLOURS: Record<(typeof MONEY_KINDS)[number], string> = {
  refunded: '#1f4d3a',
  credited: '#1a5fb4',
  exchanged: '#b45309',
  fees: '#5b6470',
};

/** The headline: the range's money in the shop's currency, as words and figures. */
export function MoneyTotals({ data }: { data: Money }) {
  const { t } = useTranslation();
  return (
    <section className="card headline money-totals" aria-labelledby="money-totals-title">
      <h2 id="money-totals-title">{t('analytics.money.title', { currency: data.currency })}</h2>
      <dl>
        {MONEY_KINDS.map((kind) => (
          <div key={kind}>
            <dt>{t(`analytics.money.${kind}`)}</dt>
            <dd className="figure">{money(data.totals[kind], data.currency)}</dd>
          </div>
        ))}
      </dl>
      {data.other_currency > 0 ? (
        <p className="hint">{t('analytics.money.otherCurrency', { count: data.other_currency })}</p>
      ) : null}
    </section>
  );
}

/** Money per period (days, weeks or months) as grouped bars, with the same figures as a table and a CSV file. */
export function MoneyChart({ data, fileSuffix }: { data: Money; fileSuffix: string }) {
  const { t } = useTranslation();
  const label = (start: string) => t(`analytics.money.period.${data.period}`, { start: dayLabel(start) });
  const moved = data.periods.some((p) => MONEY_KINDS.some((kind) => p[kind] > 0));
  const config = useMemo<ChartConfiguration<'bar'> | null>(
    () =>
      moved
        ? {
            type: 'bar',
            data: {
              labels: data.periods.map((p) => shortDayLabel(p.start)),
              datasets: MONEY_KINDS.map((kind) => ({
                label: t(`analytics.money.${kind}`),
                data: data.periods.map((p) => Number(minorToDecimal(p[kind], data.currency))),
                backgroundColor: COLOURS[kind],
                maxBarThickness: 24,
              })),
            },
            options: {
              maintainAspectRatio: false,
              plugins: { legend: { position: 'bottom' } },
              scales: { x: { grid: { display: false } }, y: { beginAtZero: true } },
            },
          }
        : null,
    [data, moved, t],
  );
  const summary = t('analytics.money.summary', {
    period: t(`analytics.money.periods.${data.period}`),
    list: MONEY_KINDS.map((kind) => `${t(`analytics.money.${kind}`)} ${money(data.totals[kind], data.currency)}`).join(
      ', ',
    ),
  });
  return (
    <ChartCard
      title={t('analytics.money.chart')}
      summary={summary}
      config={config}
      empty={t('analytics.money.empty')}
      height={300}
      columns={[
        { label: t('analytics.money.periodColumn') },
        ...MONEY_KINDS.map((kind) => ({ label: t(`analytics.money.${kind}`), numeric: true })),
      ]}
      rows={data.periods.map((p) => [label(p.start), ...MONEY_KINDS.map((kind) => money(p[kind], data.currency))])}
      csv={[
        ['period_start', ...MONEY_KINDS, 'currency'],
        ...data.periods.map((p) => [
          p.start,
          ...MONEY_KINDS.map((kind) => minorToDecimal(p[kind], data.currency)),
          data.currency,
        ]),
      ]}
      fileName={`money-${fileSuffix}.csv`}
    />
  );
}
