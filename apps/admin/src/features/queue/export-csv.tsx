import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, toCsv } from '../../shared/csv';
import { methodName, solutionName, statusName } from '../../shared/labels';
import { allRequests } from './queue-api';
import type { QueueFilters } from './queue-filters';
import { minorToDecimal } from '@return-center/domain';

/** The whole filtered queue as a CSV file, fetched page by page with a running count. */
export function ExportCsv({ filters }: { filters: QueueFilters }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState('');
  const run = async () => {
    setError('');
    setCount(0);
    try {
      const rows = await allRequests(filters, setCount);
      download(
        'requests.csv',
        toCsv([
          ['id', 'order', 'email', 'status', 'solution', 'method', 'refund', 'currency', 'created_at'],
          ...rows.map((row) => [
            row.id,
            row.order_no,
            row.customer_email,
            statusName(t, row.status),
            solutionName(t, row.solution_id),
            methodName(t, row.shipping_method_id),
            minorToDecimal(row.refund, row.currency),
            row.currency,
            new Date(row.created_at * 1000).toISOString(),
          ]),
        ]),
      );
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setCount(null);
    }
  };
  return (
    <>
      <button type="button" className="button secondary" disabled={count !== null} onClick={() => void run()}>
        {count === null ? t('queue.export') : t('queue.exporting', { count })}
      </button>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </>
  );
}
