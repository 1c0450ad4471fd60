import type { RequestSort } from '@return-center/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Failed, Loading, Page } from '../../shared/ui/page';
import { BulkApprove } from './bulk-approve';
import { DeskFilters } from './desk-filters';
import { ExportCsv } from './export-csv';
import { useQueue } from './queue-api';
import { useQueueFilters } from './queue-filters';
import { approvable, QueueTable } from './queue-table';
import { QueueSort, sortOf } from './queue-sort';
import { QueueToolbar } from './queue-toolbar';
import { StatusTabs } from './status-tabs';
import { useRowKeys } from './use-row-keys';

/** The returns queue: tabs by status, filters, cursor pages, bulk approval, CSV; refreshed every few seconds. */
export function Component() {
  const { t } = useTranslation();
  const { filters, update } = useQueueFilters();
  const queue = useQueue(filters);
  const sort = sortOf(filters.sort);
  const choose = (next: RequestSort) => update({ sort: next === 'newest' ? '' : next });
  const rows = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const active = useRowKeys(rows.length);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const picked = rows.filter((row) => selected.has(row.id)).map((row) => row.id);
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Page
      title={t('queue.title')}
      actions={
        <>
          <ExportCsv filters={filters} />
          <BulkApprove ids={picked} done={() => setSelected(new Set())} />
        </>
      }
    >
      <StatusTabs
        status={filters.status ?? ''}
        choose={(status) => update({ status })}
        counts={queue.data?.pages[0]?.counts ?? {}}
      />
      <QueueToolbar filters={filters} update={update} />
      <DeskFilters filters={filters} update={update} />
      <QueueSort sort={sort} choose={choose} />
      <p className="muted keys-hint">{t('queue.keysHint')}</p>
      {queue.isPending ? <Loading label={t('common.loading')} /> : null}
      {queue.isError ? <Failed message={queue.error.message} retry={() => void queue.refetch()} /> : null}
      {queue.isSuccess && rows.length === 0 ? <p className="empty">{t('queue.empty')}</p> : null}
      {rows.length > 0 ? (
        <QueueTable
          rows={rows}
          sort={sort}
          choose={choose}
          active={active}
          selected={selected}
          toggle={toggle}
          toggleAll={(on) => setSelected(on ? new Set(rows.filter(approvable).map((row) => row.id)) : new Set())}
        />
      ) : null}
      {queue.hasNextPage ? (
        <button
          type="button"
          className="button secondary"
          disabled={queue.isFetchingNextPage}
          onClick={() => void queue.fetchNextPage()}
        >
          {queue.isFetchingNextPage ? t('common.loading') : t('queue.more')}
        </button>
      ) : null}
    </Page>
  );
}
