import { requestSort, type RequestSort } from '@return-center/contract';
import { useTranslation } from 'react-i18next';

/** The address's `sort` as the list takes it: none is newest first. */
export const sortOf = (value: string | undefined): RequestSort => requestSort.catch('newest').parse(value);

/**
 * The queue's order on a phone, whose cards have no column headers (the desktop sorts from the "Refund by" header):
 * newest first, or withdrawals whose refund is due first, soonest deadline first (the server's order).
 */
export function QueueSort({ sort, choose }: { sort: RequestSort; choose: (sort: RequestSort) => void }) {
  const { t } = useTranslation();
  return (
    <div className="toolbar queue-sort">
      <label className="filter">
        <span>{t('queue.sortLabel')}</span>
        <select value={sort} onChange={(e) => choose(sortOf(e.target.value))}>
          {requestSort.options.map((option) => (
            <option key={option} value={option}>
              {t(`queue.sort.${option}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
