import { merchantPath } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { listQuery, type QueueFilters } from './queue-filters';

/** The export's address for these filters: the list's query without its paging and order. */
export function exportHref(filters: QueueFilters): string {
  const query = new URLSearchParams(listQuery(filters));
  query.delete('limit');
  query.delete('sort');
  const search = query.toString();
  return merchantPath('exportRequests') + (search ? `?${search}` : '');
}

/**
 * The filtered queue as a CSV file, built and streamed by the server (one row per item, with dates, money and
 * tracking): a plain link, so the browser downloads it with the console's cookie however many requests it holds.
 */
export function ExportCsv({ filters }: { filters: QueueFilters }) {
  const { t } = useTranslation();
  return (
    <a className="button secondary" href={exportHref(filters)} download>
      {t('queue.export')}
    </a>
  );
}
