import { useTranslation } from 'react-i18next';
import { Failed, Loading, Page } from '../../shared/ui/page';
import { useAnalytics } from './analytics-api';
import { useAnalyticsRange } from './analytics-range';
import { MedianRefund } from './median-refund';
import { MoneyChart, MoneyTotals } from './money-chart';
import { OutcomesChart } from './outcomes-chart';
import { ProductReasons } from './product-reasons';
import { RangePicker } from './range-picker';
import { ReasonsChart } from './reasons-chart';
import { RequestsChart } from './requests-chart';
import { ReturnRateChart } from './return-rate-chart';
import './analytics.css';

/**
 * Analytics as charts (issue 15): requests over time, top reasons, return rate per product, the outcome split and the
 * median time to a refund; money per period and reasons by product (issue 33), over a range kept in the address. Chart.js comes with this route's chunk only.
 */
export function Component() {
  const { t } = useTranslation();
  const { range, choose, setDates } = useAnalyticsRange();
  const analytics = useAnalytics(range.resolved.ok ? range.resolved : null);
  const data = analytics.data;
  const fileSuffix = `${range.from}-to-${range.to}`;
  return (
    <Page title={t('analytics.title')}>
      <RangePicker range={range} choose={choose} setDates={setDates} />
      {range.resolved.ok && analytics.isPending ? <Loading label={t('common.loading')} /> : null}
      {analytics.isError ? <Failed message={analytics.error.message} retry={() => void analytics.refetch()} /> : null}
      {data && range.resolved.ok ? (
        <>
          <div className="headlines">
            <MedianRefund seconds={data.median_seconds_to_refund} />
            <MoneyTotals data={data.money} />
          </div>
          <div className="charts">
            <MoneyChart data={data.money} fileSuffix={fileSuffix} />
            <ProductReasons products={data.reasons_by_product} />
            <RequestsChart days={data.requests_per_day} fileSuffix={fileSuffix} />
            <ReasonsChart reasons={data.top_reasons} fileSuffix={fileSuffix} />
            <ReturnRateChart products={data.return_rate} fileSuffix={fileSuffix} />
            <OutcomesChart split={data.outcome_split} fileSuffix={fileSuffix} />
          </div>
        </>
      ) : null}
    </Page>
  );
}
