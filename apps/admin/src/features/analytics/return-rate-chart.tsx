import type { ChartConfiguration } from 'chart.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Analytics } from './analytics-api';
import { countLabel, percentLabel, percentNumber, share } from './analytics-format';
import { ChartCard } from './chart-card';
import { BAR_COLOUR, barsHeight } from './chart-setup';

/** Units returned per unit sold of each product of the range, highest share first (up to twenty). */
export function ReturnRateChart({ products, fileSuffix }: { products: Analytics['return_rate']; fileSuffix: string }) {
  const { t } = useTranslation();
  const rates = products.map((p) => ({ ...p, rate: share(p.returned, p.sold) }));
  const config = useMemo<ChartConfiguration<'bar'> | null>(
    () =>
      products.length === 0
        ? null
        : {
            type: 'bar',
            data: {
              labels: products.map((p) => p.product),
              datasets: [
                {
                  label: t('analytics.returnRate.rate'),
                  data: products.map((p) => percentNumber(share(p.returned, p.sold))),
                  backgroundColor: BAR_COLOUR,
                  maxBarThickness: 32,
                },
              ],
            },
            options: {
              indexAxis: 'y',
              maintainAspectRatio: false,
              plugins: {
                legend: { display: false },
                tooltip: { callbacks: { label: (item) => percentLabel((item.parsed.x ?? 0) / 100) } },
              },
              scales: {
                x: {
                  min: 0,
                  max: 100,
                  title: { display: true, text: t('analytics.returnRate.axis') },
                  ticks: { callback: (value) => percentLabel(Number(value) / 100) },
                },
                y: { grid: { display: false } },
              },
            },
          },
    [products, t],
  );
  const list = rates
    .map((p) =>
      t('analytics.returnRate.item', {
        product: p.product,
        rate: percentLabel(p.rate),
        returned: countLabel(p.returned),
        sold: countLabel(p.sold),
      }),
    )
    .join(', ');
  return (
    <ChartCard
      title={t('analytics.returnRate.title')}
      summary={t('analytics.returnRate.summary', { list })}
      config={config}
      empty={t('analytics.returnRate.empty')}
      height={barsHeight(products.length)}
      columns={[
        { label: t('analytics.returnRate.product') },
        { label: t('analytics.returnRate.sold'), numeric: true },
        { label: t('analytics.returnRate.returned'), numeric: true },
        { label: t('analytics.returnRate.rate'), numeric: true },
      ]}
      rows={rates.map((p) => [p.product, countLabel(p.sold), countLabel(p.returned), percentLabel(p.rate)])}
      csv={[
        ['product', 'sold', 'returned', 'return_rate_percent'],
        ...rates.map((p) => [p.product, p.sold, p.returned, percentNumber(p.rate)]),
      ]}
      fileName={`return-rate-per-product-${fileSuffix}.csv`}
    />
  );
}
