import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../shared/settings-query';
import { METHODS, methodName, SOLUTIONS, solutionName } from '../../shared/labels';
import type { QueueFilters } from './queue-filters';

interface Props {
  filters: QueueFilters;
  update: (change: QueueFilters) => void;
}

/** Search by order number or email, and filters by date, reason, solution and method. */
export function QueueToolbar({ filters, update }: Props) {
  const { t } = useTranslation();
  const reasons = useSettings().data?.settings.reasons ?? [];
  // A phone shows the search and folds the other filters away until asked for, or while one is set.
  const [wide] = useState(() => window.matchMedia('(min-width: 720px)').matches);
  const active = (['from', 'to', 'reason', 'solution', 'method'] as const).filter((key) => filters[key]).length;
  const select = (key: 'reason' | 'solution' | 'method', label: string, options: [number, string][]) => (
    <label className="filter">
      <span>{label}</span>
      <select value={filters[key] ?? ''} onChange={(e) => update({ [key]: e.target.value })}>
        <option value="">{t('queue.any')}</option>
        {options.map(([value, name]) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="toolbar" role="search" aria-label={t('queue.filters')}>
      <label className="filter grow">
        <span>{t('queue.search')}</span>
        <input
          type="search"
          placeholder={t('queue.searchPlaceholder')}
          defaultValue={filters.q ?? ''}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ q: e.currentTarget.value.trim() });
          }}
          onBlur={(e) => update({ q: e.currentTarget.value.trim() })}
        />
      </label>
      <details className="more-filters" open={wide || active > 0}>
        <summary>{active > 0 ? t('queue.filtersActive', { count: active }) : t('queue.moreFilters')}</summary>
        <div className="toolbar">
          <label className="filter">
            <span>{t('queue.from')}</span>
            <input type="date" value={filters.from ?? ''} onChange={(e) => update({ from: e.target.value })} />
          </label>
          <label className="filter">
            <span>{t('queue.to')}</span>
            <input type="date" value={filters.to ?? ''} onChange={(e) => update({ to: e.target.value })} />
          </label>
          {select(
            'reason',
            t('queue.reason'),
            reasons.map((r) => [r.id, r.text]),
          )}
          {select(
            'solution',
            t('queue.solution'),
            SOLUTIONS.map((id) => [id, solutionName(t, id)]),
          )}
          {select(
            'method',
            t('queue.method'),
            METHODS.map((id) => [id, methodName(t, id)]),
          )}
        </div>
      </details>
    </div>
  );
}
