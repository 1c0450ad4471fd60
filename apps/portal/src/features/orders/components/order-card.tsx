import type { OrderLine, OrderSummary } from '@return-center/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDate } from '../../../shared/use-date';
import { useMoney } from '../../../shared/use-money';
import { Link } from 'react-router';
import { InlineLoader } from '../../../shared/ui/loader';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { useOrderInfo } from '../../../shared/order-info';
import { appUrl } from '../../../shared/base-path';

/** One order of the list: number, date, total, item count, and its actions. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const format = useMoney();
  const formatDate = useDate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  const info = useOrderInfo(order.id, open);
  const money = (amount: number) =>
    format(amount, order.total_price_set.currency, order.total_price_set.currency_format);
  const canReturn = order.returnable_count > 0;

  return (
    <article className="rc-card rc-order" aria-labelledby={titleId}>
      <header className="rc-order__header">
        <h2 id={titleId} className="rc-order__title">
          {order.order_name}
        </h2>
        <p className="rc-order__meta">
          <span>{t('orders.items', { count: order.item_count })}</span>
          <span>{t('orders.placedOn', { date: formatDate(order.order_create_time, { hideTime: true }) })}</span>
          <span>{t('orders.total', { amount: money(order.total_price_set.money) })}</span>
        </p>
        {order.request_status ? (
          <p>
            <StatusBadge status={order.request_status} label={t(`orders.status.${order.request_status}`)} />
          </p>
        ) : null}
      </header>
      <div className="rc-order__actions">
        {canReturn ? (
          <Link className="rc-button" to={`/process-manage/select/${order.id}`}>
            {t('orders.createReturn')}
          </Link>
        ) : null}
        {order.request_id ? (
          <Link className="rc-button rc-button--secondary" to={`/status-manage/return-details/${order.request_id}`}>
            {t('orders.viewProgress')}
          </Link>
        ) : null}
        <button
          type="button"
          className="rc-button rc-button--secondary"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('orders.hide') : t('orders.view')}
        </button>
      </div>
      <div id={detailsId} hidden={!open}>
        {open && info.isPending ? <InlineLoader label={t('app.loading')} /> : null}
        {info.data ? (
          <>
            <LineList
              title={t('orders.returnable')}
              lines={info.data.yes}
              detail={(line) => `${t('orders.quantity', { count: line.quantity })} · ${money(line.price)}`}
            />
            <LineList
              title={t('orders.nonReturnable')}
              lines={info.data.no}
              muted
              detail={(line) => t(`orders.reasons.${line.reason}`)}
            />
          </>
        ) : null}
      </div>
    </article>
  );
}

/** A titled list of order lines with one detail each; nothing when empty. */
function LineList<L extends OrderLine>({
  title,
  lines,
  detail,
  muted = false,
}: {
  title: string;
  lines: L[];
  detail: (line: L) => string;
  muted?: boolean;
}) {
  if (lines.length === 0) return null;
  return (
    <>
      <h3 className="rc-subtitle">{title}</h3>
      <ul className="rc-lines">
        {lines.map((line) => (
          <li key={line.id} className={muted ? 'rc-line rc-line--muted' : 'rc-line'}>
            <img src={appUrl(line.image)} alt="" width={56} height={56} loading="lazy" />
            <span className="rc-line__title">{[line.title, line.variant_title].filter(Boolean).join(' / ')}</span>
            <span className={muted ? 'rc-line__reason' : undefined}>{detail(line)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
