import { RefundState, RequestStatus, SolutionId, statusToStep, type CheckInfo } from '@return-center/contract';
import { canAddTracking } from '@return-center/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDate } from '../../../shared/use-date';
import { useMoney } from '../../../shared/use-money';
import { Link, Navigate, useParams } from 'react-router';
import { InlineLoader } from '../../../shared/ui/loader';
import { useLatestRequest, useRequestDetail } from '../api/status';
import { ExchangeOrder } from './exchange-order';
import { ItemInspection } from './item-inspection';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { TrackingForm } from './tracking-form';
import { PickupSection } from './pickup-section';
import { MoneyTable } from '../../../shared/ui/money-table';
import { appUrl } from '../../../shared/base-path';

const STEP_NAMES = ['submitted', 'approved', 'received', 'done'];
/** The progress step of each status; the server may send a status this portal does not know yet. */
const STEP_OF_STATUS: Readonly<Record<number, number>> = statusToStep;

/** The status headline: the spec's texts, with the refund sub-state once refunding starts. */
function statusText(detail: CheckInfo, t: (key: string) => string): string {
  if (detail.status === RequestStatus.Completed)
    return t(
      detail.refund_state === RefundState.None ? 'status.states.resolved' : `status.refund.${detail.refund_state}`,
    );
  return t(`status.states.${detail.status}`);
}

/** Return status page (spec screen 7); without an id it shows the newest request. */
export default function StatusPage() {
  const { t } = useTranslation();
  const params = useParams();
  const latest = useLatestRequest(!params.id);
  if (!params.id) {
    if (latest.isPending) return <InlineLoader label={t('app.loading')} />;
    return latest.data ? (
      <Navigate to={`/status-manage/return-details/${latest.data.id}`} replace />
    ) : (
      <p className="rc-empty">{t('status.none')}</p>
    );
  }
  return <Details requestId={Number(params.id)} />;
}

function Details({ requestId }: { requestId: number }) {
  const { t } = useTranslation();
  const format = useMoney();
  const formatDate = useDate();
  const [refreshKey, setRefreshKey] = useState(0);
  const { detail, polling, error } = useRequestDetail(requestId, refreshKey);
  if (!detail) return error ? <p role="alert">{error}</p> : <InlineLoader label={t('app.loading')} />;
  const money = (amount: number) => format(amount, detail.currency, detail.currency_format);
  const step = STEP_OF_STATUS[detail.status] ?? 1;
  const rejected = detail.status === RequestStatus.Rejected;
  const exchange = detail.solution_id === SolutionId.Exchange;
  const canTrack = canAddTracking({ status: detail.status, shippingMethodId: detail.shipping_method_id });
  const fees: [string, number][] = [
    [t('flow.money.labelFee'), detail.label_fee],
    [t('flow.money.returnFee'), detail.return_fee],
    [t('flow.money.restockingFee'), detail.restocking_fee],
  ];

  return (
    <section className="rc-status" aria-labelledby="rc-status-title">
      <h1 id="rc-status-title">{t('status.title', { rma: detail.rma })}</h1>
      <p className="rc-status__headline" role="status">
        <StatusBadge status={detail.status} refundState={detail.refund_state} label={statusText(detail, t)} />
        {polling ? <span className="rc-note"> · {t('status.updating')}</span> : null}
      </p>
      {rejected ? (
        <p className="rc-card rc-status__rejected">
          {t('status.rejectReason')}: {detail.decline_reason}
        </p>
      ) : (
        <ol className="rc-steps" aria-label={t('status.progress')}>
          {STEP_NAMES.map((name, index) => (
            <li
              key={name}
              className={index < step ? 'rc-steps__item rc-steps__item--done' : 'rc-steps__item'}
              aria-current={index === step - 1 ? 'step' : undefined}
            >
              {t(`status.steps.${name}`)}
            </li>
          ))}
        </ol>
      )}

      {detail.label_url || detail.packing_slip_url ? (
        <div className="rc-card rc-status__documents">
          {detail.label_url ? (
            <a className="rc-button" href={appUrl(detail.label_url)} download>
              {t('status.downloadLabel')}
            </a>
          ) : null}
          {detail.packing_slip_url ? (
            <a className="rc-button rc-button--secondary" href={appUrl(detail.packing_slip_url)} download>
              {t('status.downloadSlip')}
            </a>
          ) : null}
        </div>
      ) : null}

      {detail.drop_off ? (
        <section className="rc-card rc-status__drop-off" aria-labelledby="rc-drop-off-title">
          <h2 id="rc-drop-off-title">{t('status.dropOffTitle')}</h2>
          <p>{t('status.dropOffBody')}</p>
          <img src={appUrl(detail.drop_off.qr_url)} width={160} height={160} alt={t('status.dropOffQr')} />
          <p className="rc-status__drop-off-code">{detail.drop_off.code}</p>
        </section>
      ) : null}

      <PickupSection detail={detail} onChanged={() => setRefreshKey((k) => k + 1)} />

      {canTrack && !detail.tracking_number ? (
        <TrackingForm requestId={detail.id} onAdded={() => setRefreshKey((k) => k + 1)} />
      ) : null}

      <dl className="rc-card rc-summary">
        <dt>{t('status.order')}</dt>
        <dd>{detail.order_no}</dd>
        <dt>{t('status.requestedOn')}</dt>
        <dd>{formatDate(detail.created_at)}</dd>
        <dt>{t('flow.solution')}</dt>
        <dd>{t(`solutions.${detail.solution_id}`, { defaultValue: detail.solution })}</dd>
        <dt>{t('flow.method')}</dt>
        <dd>{t(`methods.${detail.shipping_method_id}`, { defaultValue: detail.shipping_method })}</dd>
        {detail.tracking_number ? (
          <>
            <dt>{t('status.tracking')}</dt>
            <dd>
              {detail.shipping_carrier} {detail.tracking_number}
            </dd>
          </>
        ) : null}
        {detail.discount_code ? (
          <>
            <dt>{t('status.discountCode')}</dt>
            <dd>{detail.discount_code}</dd>
          </>
        ) : null}
        {detail.gift_card_code ? (
          <>
            <dt>{t('status.giftCardCode')}</dt>
            <dd>{detail.gift_card_code}</dd>
          </>
        ) : null}
        {detail.return_address ? (
          <>
            <dt>{t('status.returnAddress')}</dt>
            <dd className="rc-status__address">{detail.return_address}</dd>
          </>
        ) : null}
        <dt>{t('status.merchant')}</dt>
        <dd>
          {detail.store_name} · {detail.merchant.email} · {detail.merchant.phone}
        </dd>
      </dl>

      <div className="rc-card">
        <h2 className="rc-subtitle">{t('flow.items')}</h2>
        <ul className="rc-lines">
          {detail.product_items.map((item) => (
            <li key={item.line_item_id} className="rc-line">
              <img src={appUrl(item.image)} alt="" width={56} height={56} />
              <span className="rc-line__title">{item.title}</span>
              <span>× {item.quantity}</span>
              <span className="rc-line__selected">{item.reason_text}</span>
              <ItemInspection item={item} />
            </li>
          ))}
        </ul>
        {detail.specious_setting.hidden_refund === 1 ? null : (
          <MoneyTable
            rows={[
              // An exchange pays nothing back: what the return is worth to it shows with the new items below.
              ...(exchange ? [] : [[t('flow.money.total'), money(detail.total)] as const]),
              // After the shop's inspection only the accepted items are refunded (issue 33).
              ...(!exchange && detail.inspected_total !== null
                ? [[t('status.inspection.total'), money(detail.inspected_total)] as const]
                : []),
              ...fees.filter(([, amount]) => amount > 0).map(([label, amount]) => [label, money(-amount)] as const),
              // Included in the total, like the fees: the shop's bonus for store credit or an exchange.
              ...(detail.bonus > 0 ? [[t('flow.money.bonus'), money(detail.bonus)] as const] : []),
            ]}
            total={
              detail.refund_state === RefundState.Refunded
                ? [t('status.actualRefund'), money(detail.actual_refund)]
                : null
            }
            totalTestId="actual-refund"
          />
        )}
      </div>
      {detail.exchange_order ? <ExchangeOrder order={detail.exchange_order} money={money} /> : null}
      <Link className="rc-button rc-button--secondary" to="/">
        {t('app.backToOrders')}
      </Link>
    </section>
  );
}
