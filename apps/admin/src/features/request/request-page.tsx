import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { dateTime } from '../../shared/format';
import { statusName } from '../../shared/labels';
import { Failed, Loading, Page } from '../../shared/ui/page';
import { EditItems } from './edit-items';
import { RequestActions } from './request-actions';
import { RequestDesk } from './request-desk';
import { RequestHistory } from './request-history';
import { RequestNotes } from './request-notes';
import { useRequest } from './request-api';
import { RequestItems } from './request-items';
import { RequestMoney } from './request-money';
import { RequestHold } from './request-hold';
import { RequestShipping } from './request-shipping';
import { RequestTimeline } from './request-timeline';
import './request.css';

/** One request as the merchant reviews it: items and photos, money, shopper and shipping, timeline, actions. */
export function Component() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const request = useRequest(id);
  if (request.isPending) return <Loading label={t('common.loading')} />;
  if (request.isError) return <Failed message={request.error.message} retry={() => void request.refetch()} />;
  const data = request.data;
  return (
    <Page
      title={t('request.title', { order: data.order_no, rma: data.rma })}
      actions={<RequestActions request={data} />}
    >
      <p className="request-meta">
        <Link to="/">{t('request.back')}</Link> ·{' '}
        <span className={`badge status-${String(data.status)}`}>{statusName(t, data.status)}</span> ·{' '}
        {t('request.requested', { when: dateTime(data.created_at) })}
        {data.decline_reason ? ` · ${t('request.declined', { reason: data.decline_reason })}` : ''}
      </p>
      {data.withdrawal ? (
        <p className="notice withdrawal">
          <strong>{t('request.withdrawal')}</strong>{' '}
          {t('request.withdrawalDeadline', {
            declared: dateTime(data.withdrawal.declared_at),
            deadline: dateTime(data.withdrawal.refund_by),
          })}
        </p>
      ) : null}
      {data.flags.map((flag) => (
        <p key={`${flag.rule}-${flag.reason}`} className="notice">
          <strong>{t('request.flagged', { reason: flag.reason, rule: flag.rule })}</strong>
        </p>
      ))}
      {data.tags.length ? <p className="muted">{t('request.tags', { tags: data.tags.join(', ') })}</p> : null}
      {data.rules.length ? <p className="muted">{t('request.decidedBy', { rules: data.rules.join(', ') })}</p> : null}
      <div className="request-grid">
        <div>
          <RequestItems request={data} />
          <EditItems request={data} />
          <RequestTimeline request={data} />
          <RequestNotes request={data} />
        </div>
        <div>
          <RequestDesk request={data} />
          <RequestMoney request={data} />
          {data.hold ? <RequestHold hold={data.hold} events={data.events} /> : null}
          <RequestShipping request={data} />
          <RequestHistory request={data} />
        </div>
      </div>
    </Page>
  );
}
