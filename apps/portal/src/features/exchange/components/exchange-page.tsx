import { SolutionId } from '@return-center/contract';
import { exchangeCreditFor, exchangePriceInfo, mergeExchangeItems } from '@return-center/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import {
  paidDraftOf,
  selectedItems,
  selectedLines,
  useReturnForm,
  withPaidDraft,
  type ExchangeChoice,
} from '../../../shared/return-form';
import { FlowLayout, FlowNav } from '../../../shared/ui/flow-layout';
import { InlineLoader } from '../../../shared/ui/loader';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useUi } from '../../../shared/ui-store';
import { useMoney } from '../../../shared/use-money';
import { useExchangeMoney } from '../api/exchange-credit';
import { useOrderInfo } from '../api/order-info';
import { useProductVariants } from '../api/variant-list';
import { ExchangeSummary } from './exchange-summary';
import { PayDifference } from './pay-difference';
import { VariantPicker } from './variant-picker';
import { startingValues } from './variant-options';

/** /process-manage/exchange/{id}: what the shopper gets instead of the returned item, another variant of it. */
export default function ExchangePage() {
  const { t } = useTranslation();
  const formatAmount = useMoney();
  const navigate = useNavigate();
  const orderId = Number(useParams().id);
  const toast = useUi((state) => state.toast);
  const { form, update } = useReturnForm(orderId);
  // One item per request (spec screen 3).
  const [returned] = selectedItems(form);
  const lines = selectedLines(form);
  const order = useOrderInfo(orderId);
  const money = useExchangeMoney(orderId, lines);
  const line = order.data?.yes.find((l) => l.line_item_id === returned?.line_item_id);
  const product = useProductVariants(line?.product_id);
  const onPaid = useCallback((draftId: string) => update((f) => withPaidDraft(f, draftId)), [update]);

  if (!returned) return <Navigate to={`/process-manage/select/${orderId}`} replace />;
  if (form.solution_id !== SolutionId.Exchange) return <Navigate to={`/process-manage/solution/${orderId}`} replace />;
  if (order.isPending || money.isPending) return <InlineLoader label={t('flow.loading')} />;
  if (!order.data || !money.data) return <LoadFailed queries={[order, money]} />;
  if (!line) return <Navigate to={`/process-manage/select/${orderId}`} replace />;
  if (product.isPending) return <InlineLoader label={t('flow.loading')} />;
  if (product.data === undefined) return <LoadFailed queries={[product]} />;

  const { currency, currency_format: currencyFormat } = money.data;
  const format = (amount: number) => formatAmount(amount, currency, currencyFormat);
  const items = form.exchange_items;
  const credit = exchangeCreditFor(
    money.data.exchange_amount,
    { productId: line.product_id, price: line.price, quantity: returned.quantity },
    items.map((item) => ({ productId: item.product_id, price: item.variant.price, count: item.count })),
  );
  // The portal adds no tax: the submit sends tax 0 and the store's checkout works out any.
  const price = exchangePriceInfo(items, { exchangeAmount: credit, tax: 0 });
  const setItems = (next: ExchangeChoice[]) => update((f) => ({ ...f, exchange_items: next }));

  const next = () => {
    if (items.length === 0) {
      toast(t('exchange.chooseItem'), { kind: 'error', key: 'exchange' });
      return;
    }
    // New items dearer than the credit: the difference is paid at the store's checkout first.
    if (price.remainingRredit < 0 && !paidDraftOf(form)) {
      toast(t('exchange.payFirst'), { kind: 'error', key: 'exchange' });
      return;
    }
    void navigate(`/process-manage/method/${orderId}`);
  };

  return (
    <FlowLayout step="solution" title={t('exchange.title')}>
      <p className="rc-note">
        {t('exchange.returning', {
          item: [line.title, line.variant_title].filter(Boolean).join(' / '),
          quantity: returned.quantity,
        })}
      </p>
      {product.data ? (
        <VariantPicker
          product={product.data}
          quantity={returned.quantity}
          initial={startingValues(product.data, line.variant.variant_id)}
          format={format}
          // mergeExchangeItems copies each line whole, so the names kept beside the price come through.
          onAdd={(choice) => setItems(mergeExchangeItems(items, [choice]) as ExchangeChoice[])}
        />
      ) : (
        <p className="rc-card rc-field__error" role="alert">
          {t('exchange.productDeleted')}
        </p>
      )}
      <ExchangeSummary
        items={items}
        credit={credit}
        price={price}
        format={format}
        onRemove={(variantId) => setItems(items.filter((item) => item.variant_id !== variantId))}
      />
      {price.remainingRredit < 0 ? (
        <PayDifference
          orderId={orderId}
          choice={{
            order_id: orderId,
            refund_line_items: lines,
            exchange_line_items: items.map((item) => ({ variant_id: item.variant_id, quantity: item.count })),
            idempotency_key: form.idempotency_key,
          }}
          due={-price.remainingRredit}
          format={format}
          paidDraftId={paidDraftOf(form)}
          onPaid={onPaid}
        />
      ) : null}
      <FlowNav onBack={() => void navigate(`/process-manage/solution/${orderId}`)} onContinue={next} />
    </FlowLayout>
  );
}
