import type { ExchangeHold } from '@return-center/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  exchangeLineItems,
  heldOf,
  paidDraftOf,
  selectedLines,
  withHold,
  withPaidDraft,
} from '../../../shared/return-form';
import { FlowLayout, FlowNav } from '../../../shared/ui/flow-layout';
import { InlineLoader } from '../../../shared/ui/loader';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useUi } from '../../../shared/ui-store';
import { useProductVariants } from '../api/variant-list';
import type { ExchangeCart } from './use-exchange-cart';
import { ExchangeCartGate } from './exchange-cart-gate';
import { ExchangeSummary } from './exchange-summary';
import { InstantHold } from './instant-hold';
import { PayDifference } from './pay-difference';
import { VariantPicker } from './variant-picker';
import { startingValues } from './variant-options';

/**
 * /process-manage/exchange/{id}: what the shopper gets instead of the returned item, another variant of it or other
 * goods from the catalogue, the pay step when the new items cost more than the return is worth, and the hold step of
 * an instant exchange when the server offers one.
 */
export default function ExchangePage() {
  const orderId = Number(useParams().id);
  return <ExchangeCartGate orderId={orderId}>{(cart) => <Exchange cart={cart} />}</ExchangeCartGate>;
}

function Exchange({ cart }: { cart: ExchangeCart }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useUi((state) => state.toast);
  const { orderId, form, update, returned, line, items, credit, price, format } = cart;
  const product = useProductVariants(line.product_id);
  const onPaid = useCallback((draftId: string) => update((f) => withPaidDraft(f, draftId)), [update]);
  const onHeld = useCallback((hold: ExchangeHold) => update((f) => withHold(f, hold)), [update]);
  const onOrdinary = useCallback(() => update((f) => ({ ...f, exchange_hold: null })), [update]);

  if (product.isPending) return <InlineLoader label={t('flow.loading')} />;
  if (product.data === undefined) return <LoadFailed queries={[product]} />;

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

  const choice = {
    order_id: orderId,
    refund_line_items: selectedLines(form),
    exchange_line_items: exchangeLineItems(form),
    idempotency_key: form.idempotency_key,
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
          onAdd={cart.add}
        />
      ) : (
        <p className="rc-card rc-field__error" role="alert">
          {t('exchange.productDeleted')}
        </p>
      )}
      <p>
        <Link className="rc-button rc-button--secondary" to={`/exchange-other-goods/${orderId}`}>
          {t('exchange.browseOther')}
        </Link>
      </p>
      <ExchangeSummary items={items} credit={credit} price={price} format={format} onRemove={cart.remove} />
      {price.remainingRredit < 0 ? (
        <PayDifference
          orderId={orderId}
          choice={choice}
          due={-price.remainingRredit}
          format={format}
          paidDraftId={paidDraftOf(form)}
          onPaid={onPaid}
        />
      ) : null}
      {/* A dearer exchange is paid first: the hold is for what the return's credit pays of the new items. */}
      {cart.instant && items.length > 0 && (price.remainingRredit >= 0 || paidDraftOf(form)) ? (
        <InstantHold choice={choice} format={format} held={heldOf(form)} onHeld={onHeld} onOrdinary={onOrdinary} />
      ) : null}
      <FlowNav onBack={() => void navigate(`/process-manage/solution/${orderId}`)} onContinue={next} />
    </FlowLayout>
  );
}
