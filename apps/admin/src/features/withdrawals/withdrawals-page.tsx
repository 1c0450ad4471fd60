import { rmaReference, type MerchantWithdrawal, type WithdrawalRequestFilter } from '@return-center/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Failed, Loading, Page } from '../../shared/ui/page';
import { LinkDialog } from './link-dialog';
import { useWithdrawals } from './withdrawals-api';
import { WithdrawalsTable } from './withdrawals-table';

const VIEWS: [WithdrawalRequestFilter, string][] = [
  ['none', 'withdrawals.withoutRequest'],
  ['any', 'withdrawals.all'],
];

/**
 * The EU withdrawal declarations (ADR 046): those that made no request first (their order not found for the email
 * given, after the period, or the order had an open request), which staff link to a request; or every one. The view
 * lives in the address (`?show=all`).
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: WithdrawalRequestFilter = params.get('show') === 'all' ? 'any' : 'none';
  const list = useWithdrawals(view);
  const rows = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [linking, setLinking] = useState<MerchantWithdrawal | null>(null);
  const [linked, setLinked] = useState<MerchantWithdrawal | null>(null);
  return (
    <Page title={t('withdrawals.title')}>
      <p className="muted">{t('withdrawals.intro')}</p>
      <nav aria-label={t('withdrawals.views')} className="tabs">
        <ul>
          {VIEWS.map(([value, label]) => (
            <li key={value}>
              <button
                type="button"
                className="tab"
                aria-current={value === view ? 'page' : undefined}
                onClick={() => setParams(value === 'any' ? { show: 'all' } : {}, { replace: true })}
              >
                {t(label)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <p role="status">
        {linked?.request_id ? (
          <>
            {t('withdrawals.linked', { reference: linked.reference })}{' '}
            <Link to={`/requests/${String(linked.request_id)}`}>{rmaReference(linked.request_id)}</Link>
          </>
        ) : null}
      </p>
      {list.isPending ? <Loading label={t('common.loading')} /> : null}
      {list.isError ? <Failed message={list.error.message} retry={() => void list.refetch()} /> : null}
      {list.isSuccess && rows.length === 0 ? <p className="empty">{t('withdrawals.empty')}</p> : null}
      {rows.length > 0 ? <WithdrawalsTable rows={rows} link={setLinking} /> : null}
      {list.hasNextPage ? (
        <button
          type="button"
          className="button secondary"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('common.loading') : t('withdrawals.more')}
        </button>
      ) : null}
      {linking ? (
        <LinkDialog
          declaration={linking}
          close={() => setLinking(null)}
          done={(result) => {
            setLinking(null);
            setLinked(result);
          }}
        />
      ) : null}
    </Page>
  );
}
