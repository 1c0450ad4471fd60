import { useTranslation } from 'react-i18next';
import { STATUS_TABS, statusName } from '../../shared/labels';

interface Props {
  status: string;
  choose: (status: string) => void;
  /** How many requests of each status match the active search and filters (the server's, for the same query). */
  counts: Record<string, number>;
}

/** Tabs by status with how many requests each holds; they are links of the address's `status`. */
export function StatusTabs({ status, choose, counts }: Props) {
  const { t } = useTranslation();
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return (
    <nav aria-label={t('queue.statuses')} className="tabs">
      <ul>
        {STATUS_TABS.map((tab) => (
          <li key={tab}>
            <button
              type="button"
              className="tab"
              aria-current={tab === status ? 'page' : undefined}
              onClick={() => choose(tab)}
            >
              {tab ? statusName(t, Number(tab)) : t('queue.all')}{' '}
              <span className="count">{tab ? (counts[tab] ?? 0) : total}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
