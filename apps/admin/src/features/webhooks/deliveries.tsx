import type { WebhookDelivery, WebhookEndpoint } from '@return-center/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../shared/format';
import { Failed, Loading } from '../../shared/ui/page';
import { TableScroll } from '../../shared/ui/table-scroll';
import {
  deliveriesKey,
  HOOKS_KEY,
  listDeliveries,
  resendDelivery,
  resendFailed,
  type DeliveryFilter,
} from './webhooks-api';

const PENDING_POLL_MS = 3000;
const POLL_MS = 10_000;
const COLUMNS = ['event', 'eventId', 'status', 'attempts', 'response', 'latency', 'time', 'next'] as const;
const FILTERS: DeliveryFilter[] = ['', 'pending', 'succeeded', 'failed'];

/** A JSON body laid out to be read; anything else as it is. */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/**
 * An endpoint's latest deliveries, filtered by status: each row opens to what was sent and answered; the owner sends a
 * failed one again, or all of them (the count is announced).
 */
export function Deliveries({ endpoint, owner }: { endpoint: WebhookEndpoint; owner: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const filterId = useId();
  const [status, setStatus] = useState<DeliveryFilter>('');
  const [said, setSaid] = useState('');
  const deliveries = useQuery({
    queryKey: deliveriesKey(endpoint.id, status),
    queryFn: () => listDeliveries(endpoint.id, status),
    // The rows stay while another status is read, so that the table does not flicker away.
    placeholderData: keepPreviousData,
    // New deliveries appear without a reload; while one is being tried, the table follows it closely.
    refetchInterval: (query) =>
      query.state.data?.some((each) => each.status === 'pending') ? PENDING_POLL_MS : POLL_MS,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: [...HOOKS_KEY, endpoint.id] });
  const resendAll = useMutation({
    mutationFn: () => resendFailed(endpoint.id),
    onSuccess: (count) => {
      setSaid(t('webhooks.resentAll', { count }));
      refresh();
    },
  });
  const resendOne = useMutation({
    mutationFn: (delivery: WebhookDelivery) => resendDelivery(delivery.id),
    onSuccess: (delivery) => {
      setSaid(t('webhooks.resent', { event: delivery.event_type }));
      refresh();
    },
  });
  const error = resendAll.error ?? resendOne.error;
  return (
    <section className="hooks-deliveries" aria-label={t('webhooks.deliveriesOf', { url: endpoint.url })}>
      <div className="toolbar">
        <label className="filter" htmlFor={filterId}>
          <span>{t('webhooks.filter')}</span>
          <select id={filterId} value={status} onChange={(e) => setStatus(e.target.value as DeliveryFilter)}>
            {FILTERS.map((each) => (
              <option key={each} value={each}>
                {each ? t(`webhooks.status.${each}`) : t('webhooks.filterAll')}
              </option>
            ))}
          </select>
        </label>
        {owner ? (
          <button
            type="button"
            className="button secondary"
            disabled={resendAll.isPending}
            onClick={() => resendAll.mutate()}
          >
            {t('webhooks.resendAll')}
          </button>
        ) : null}
      </div>
      <p role="status" className="hooks-said">
        {said}
      </p>
      {error ? (
        <p role="alert" className="error">
          {error.message}
        </p>
      ) : null}
      {deliveries.isPending ? <Loading label={t('common.loading')} /> : null}
      {deliveries.isError ? (
        <Failed message={deliveries.error.message} retry={() => void deliveries.refetch()} />
      ) : null}
      {deliveries.data?.length === 0 ? <p className="muted">{t('webhooks.noDeliveries')}</p> : null}
      {deliveries.data?.length ? (
        <TableScroll label={t('webhooks.caption')}>
          <table className="table stacked">
            <caption className="visually-hidden">{t('webhooks.caption')}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {t(`webhooks.col.${column}`)}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('webhooks.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  owner={owner}
                  busy={resendOne.isPending}
                  onResend={() => resendOne.mutate(delivery)}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}

function DeliveryRow({
  delivery,
  owner,
  busy,
  onResend,
}: {
  delivery: WebhookDelivery;
  owner: boolean;
  busy: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const what = t('webhooks.detailsOf', { event: delivery.event_id });
  // On a phone each row is a card, each value under its column's name.
  const named = (column: (typeof COLUMNS)[number]) => ({ 'data-label': t(`webhooks.col.${column}`) });
  return (
    <Fragment>
      <tr>
        <td {...named('event')}>
          <code>{delivery.event_type}</code>
        </td>
        <td className="wrap-anywhere" {...named('eventId')}>
          <code>{delivery.event_id}</code>
        </td>
        <td {...named('status')}>
          <span className={`badge hooks-${delivery.status}`}>{t(`webhooks.status.${delivery.status}`)}</span>
        </td>
        <td className="number" {...named('attempts')}>
          {delivery.attempts}
        </td>
        <td className="number" {...named('response')}>
          {delivery.response_status || t('webhooks.noAnswer')}
        </td>
        <td className="number" {...named('latency')}>
          {delivery.latency_ms}
        </td>
        <td {...named('time')}>{dateTime(delivery.created_at)}</td>
        <td {...named('next')}>{delivery.next_attempt_at === null ? '—' : dateTime(delivery.next_attempt_at)}</td>
        <td>
          <div className="hooks-row-actions">
            <button
              type="button"
              className="button secondary small"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen(!open)}
            >
              {t('webhooks.details')}
              <span className="visually-hidden"> {what}</span>
            </button>
            {owner && delivery.status === 'failed' ? (
              <button type="button" className="button small" disabled={busy} onClick={onResend}>
                {t('webhooks.resend')}
                <span className="visually-hidden"> {what}</span>
              </button>
            ) : null}
          </div>
        </td>
      </tr>
      <tr id={detailsId} hidden={!open} className="hooks-details">
        <td colSpan={9}>
          <h4>{t('webhooks.requestBody')}</h4>
          <pre>{pretty(delivery.request_body) || t('webhooks.empty')}</pre>
          <h4>{t('webhooks.responseBody')}</h4>
          <pre>{delivery.response_body || t('webhooks.empty')}</pre>
        </td>
      </tr>
    </Fragment>
  );
}
