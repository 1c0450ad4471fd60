import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/use-money';
import { useNavigate, useParams } from 'react-router';
import { useUi } from '../../../shared/ui-store';
import { InlineLoader } from '../../../shared/ui/loader';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useReasons } from '../api/calls';
import { useOrderInfo } from '../../../shared/order-info';
import { selectedItems, useReturnForm } from '../../../shared/return-form';
import { FlowLayout, FlowNav } from '../../../shared/ui/flow-layout';
import { ReasonDialog } from './reason-dialog';
import { appUrl } from '../../../shared/base-path';

const NON_RETURNABLE = {
  processed_by_app: 'orders.reasons.processed_by_app',
  refunded_at_platform: 'orders.reasons.refunded_at_platform',
  missed_window: 'orders.reasons.missed_window',
  other: 'orders.reasons.other',
};

/** The shop's own words for a line its rules deny, in the page's language when it gave them. */
const shopWords = (message: { text: string; translations: Partial<Record<string, string>> } | null, lang: string) =>
  (message && (message.translations[lang] ?? message.text)) || null;

/** Step 1, "What would you like to return?" (spec screen 3). */
export default function SelectStep() {
  const { t, i18n } = useTranslation();
  const format = useMoney();
  const navigate = useNavigate();
  const orderId = Number(useParams().id);
  const toast = useUi((state) => state.toast);
  const source = useOrderInfo(orderId);
  const reasons = useReasons();
  const { form, update } = useReturnForm(orderId);
  const [editing, setEditing] = useState<number | null>(null);
  const chosen = selectedItems(form);

  if (source.isPending || reasons.isPending) return <InlineLoader label={t('flow.loading')} />;
  if (!source.data || !reasons.data) return <LoadFailed queries={[source, reasons]} />;
  const order = source.data;
  const money = (amount: number) =>
    format(amount, order.total_price_set.currency, order.total_price_set.currency_format);
  const editingLine = order.yes.find((l) => l.line_item_id === editing);

  const open = (lineId: number) => {
    if (chosen.some((item) => item.line_item_id !== lineId)) {
      toast(t('flow.oneVariant'), { kind: 'error', key: 'one-variant' });
      return;
    }
    setEditing(lineId);
  };
  /** Unselecting an item forgets what was chosen after it: the solution and method depend on the items. */
  const remove = (lineId: number) =>
    update((f) => {
      const { [lineId]: _removed, ...rest } = f.order_product;
      return { ...f, order_product: rest, solution_id: null, shipping_method_id: null, exchange_items: [] };
    });
  const next = () => {
    if (chosen.length === 0) {
      toast(t('flow.unselected'), { kind: 'error', key: 'unselected' });
      return;
    }
    void navigate(`/process-manage/solution/${orderId}`);
  };

  return (
    <FlowLayout step="select" title={t('flow.selectTitle')}>
      <p className="rc-note">{t('flow.selectNote')}</p>
      <ul className="rc-lines rc-lines--select">
        {order.yes.map((line) => {
          const item = form.order_product[line.line_item_id];
          const name = [line.title, line.variant_title].filter(Boolean).join(' / ');
          // The whole card is one checkbox: checking it asks why (the reason dialog), unchecking it drops the item.
          return (
            <li key={line.id} className={item ? 'rc-card rc-item rc-item--chosen' : 'rc-card rc-item'}>
              <button
                type="button"
                role="checkbox"
                aria-checked={Boolean(item)}
                aria-label={name}
                aria-describedby={`rc-item-${String(line.id)}`}
                className="rc-item__toggle"
                onClick={() => (item ? remove(line.line_item_id) : open(line.line_item_id))}
              >
                <span className="rc-item__check" aria-hidden="true" />
                <img src={appUrl(line.image)} alt="" width={72} height={72} />
                <span className="rc-item__text">
                  <span className="rc-item__title">{line.title}</span>
                  {line.variant_title ? <span className="rc-item__variant">{line.variant_title}</span> : null}
                  <span id={`rc-item-${String(line.id)}`} className="rc-item__meta">
                    {money(line.price)} · {t('orders.quantity', { count: line.refundable_quantity })}
                  </span>
                </span>
              </button>
              {item ? (
                <p className="rc-item__selected">
                  <span>{t('flow.selected', { count: item.quantity, reason: item.reason_text })}</span>
                  <button type="button" className="rc-link" onClick={() => open(line.line_item_id)}>
                    {t('flow.edit', { item: name })}
                  </button>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {order.no.length ? (
        <>
          <h2 className="rc-subtitle">{t('orders.nonReturnable')}</h2>
          <ul className="rc-lines">
            {order.no.map((line) => (
              <li key={line.id} className="rc-line rc-line--muted">
                <img src={appUrl(line.image)} alt="" width={56} height={56} />
                <span className="rc-line__title">{[line.title, line.variant_title].filter(Boolean).join(' / ')}</span>
                <span className="rc-line__reason">
                  {shopWords(line.message, i18n.language) ?? t(NON_RETURNABLE[line.reason])}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <FlowNav onBack={() => void navigate('/')} onContinue={next} />
      {editingLine ? (
        <ReasonDialog
          line={editingLine}
          reasons={reasons.data.list}
          initial={form.order_product[editingLine.line_item_id]}
          onClose={() => setEditing(null)}
          onSave={(item) => {
            update((f) => ({
              ...f,
              order_product: { [item.line_item_id]: item },
              solution_id: null,
              shipping_method_id: null,
              exchange_items: [],
            }));
            setEditing(null);
          }}
        />
      ) : null}
    </FlowLayout>
  );
}
