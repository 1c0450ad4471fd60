import { merchantUrl, reconciliationRoutes, requestRoutes } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { listQuery, type QueueFilters } from './queue-filters';

/** The server's CSV files of the queue: its requests, and the reconciliation of its exchanges (ADR 049). */
const CSV_ROUTES = {
  exportRequests: requestRoutes.exportRequests,
  exportReconciliation: reconciliationRoutes.exportReconciliation,
};
type CsvRoute = keyof typeof CSV_ROUTES;

/** A file's address for these filters: the list's query without its paging and order. */
export function exportHref(filters: QueueFilters, route: CsvRoute = 'exportRequests'): string {
  const query = new URLSearchParams(listQuery(filters));
  query.delete('limit');
  query.delete('sort');
  const search = query.toString();
  return merchantUrl(CSV_ROUTES[route]) + (search ? `?${search}` : '');
}

/**
 * The filtered queue as CSV files, built and streamed by the server: one row per item (dates, money, tracking), and
 * one row per exchange adding up its money for the accountant. Plain links, so the browser downloads them with the
 * console's cookie however many requests they hold.
 */
export function ExportCsv({ filters }: { filters: QueueFilters }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="button secondary" href={exportHref(filters)} download>
        {t('queue.export')}
      </a>
      <a className="button secondary" href={exportHref(filters, 'exportReconciliation')} download>
        {t('queue.exportReconciliation')}
      </a>
    </>
  );
}
