import {
  alreadyProcessing,
  Code,
  FORM_RESET_DELAY,
  ShippingMethodId,
  SolutionId,
  TOAST_DURATIONS,
} from '@return-center/contract';
import { givenProof, requestTypeOf } from '@return-center/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/use-money';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../shared/session-store';
import { useUi } from '../../../shared/ui-store';
import { InlineLoader } from '../../../shared/ui/loader';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { submitReturn } from '../api/calls';
import { useReturnMoney } from '../../../shared/return-money';
import { useOrderInfo } from '../../../shared/order-info';
import {
  changeOf,
  exchangeLineItems,
  heldOf,
  paidDraftOf,
  selectedItems,
  selectedLines,
  useReturnForm,
} from '../../../shared/return-form';
import { FlowLayout, FlowNav } from '../../../shared/ui/flow-layout';
import { ExchangeLines } from './exchange-lines';
import { exchangeMoneyOf } from '../../../shared/exchange-money';
import { ExchangeMoney, MoneyTable } from '../../../shared/ui/money-table';
import { pickupDateLabel, slotLabel } from '../../../shared/pickup/format';
import { appUrl } from '../../../shared/base-path';

/** Step 4, "Check your return request" (spec screen 6): the server's refund, then submit. */
export default function CheckStep() {
  const { t } = useTranslation();
  const formatAmount = useMoney();
  const navigate = useNavigate();
  const orderId = Number(useParams().id);
  const toast = useUi((state) => state.toast);
  const from = useSession((state) => state.from);
  const language = useSession((state) => state.language);
  const { form, update, reset } = useReturnForm(orderId);
  const [busy, setBusy] = useState(false);
  // Once submitted, the form is reset while the status page may still be loading: the step guard below must not
  // send the shopper back to step 1 in the meantime.
  const [submitted, setSubmitted] = useState(false);
  const items = selectedItems(form);
  const lines = selectedLines(form);
  const source = useOrderInfo(orderId);
  const { solution_id: solutionId, shipping_method_id: shippingMethodId } = form;
  const money = useReturnMoney(orderId, lines, solutionId, shippingMethodId);
  const exchange = solutionId === SolutionId.Exchange;
  if (submitted) return <InlineLoader label={t('app.loading')} />;
  if (items.length === 0 || !solutionId || !shippingMethodId)
    return <Navigate to={`/process-manage/select/${orderId}`} replace />;
  if (exchange && form.exchange_items.length === 0)
    return <Navigate to={`/process-manage/exchange/${orderId}`} replace />;
  const pickup = shippingMethodId === ShippingMethodId.CarrierPickup;
  if (pickup && !form.pickup) return <Navigate to={`/process-manage/pickup/${orderId}`} replace />;
  const bank = solutionId === SolutionId.BankTransfer;
  if (bank && !form.wise) return <Navigate to={`/process-manage/solution/${orderId}`} replace />;
  if (source.isPending || money.isPending) return <InlineLoader label={t('flow.loading')} />;
  if (!source.data || !money.data) return <LoadFailed queries={[source, money]} />;
  const order = source.data;
  const m = money.data;
  const format = (amount: number) => formatAmount(amount, m.currency, m.currency_format);
  const hidden = order.hidden_refund === 1;
  // An instant exchange (ADR 047): its hold goes with the submit, which checks it is still held.
  const instantHold = exchange ? heldOf(form) : null;

  // A failed request ends in .catch() and leaves the shopper on this step (the client has told them), so the button
  // need not wait for this.
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    // Spec §4 global loading: the page is covered while the return is being submitted.
    useUi.getState().startLoading();
    const draftId = instantHold?.draft_order_id ?? paidDraftOf(form);
    const answer = await submitReturn({
      order_id: orderId,
      shopify_order_id: order.shopify_order_id,
      solution_id: solutionId,
      shipping_method_id: shippingMethodId,
      type: requestTypeOf(solutionId),
      from,
      money: m.total,
      idempotency_key: form.idempotency_key,
      language: navigator.language || 'en',
      order_product: items.map((item) => {
        return {
          id: item.line_item_id,
          order_product_id: item.line_item_id,
          quantity: item.quantity,
          // The new items of an exchange travel in exchange_line_items; `change` names a same-product swap's variant.
          change: changeOf(form, order.yes.find((line) => line.line_item_id === item.line_item_id)?.product_id),
          reason: {
            reason_id: item.reason_id,
            reason_text: item.reason_text,
            // The default reasons' group, for a form saved before the group was kept.
            reason_group_id: item.reason_group_id ?? 1,
            reason_description: item.reason_description,
            provide_proof: givenProof(item.provide_proof),
          },
        };
      }),
      // The local store charges no tax on the new items; a platform that does puts it on the draft at its checkout.
      ...(exchange ? { exchange_line_items: exchangeLineItems(form), tax: 0, taxes_included: false } : {}),
      ...(exchange && draftId ? { draft_order_id: draftId } : {}),
      ...(instantHold ? { instant_exchange: true } : {}),
      ...(pickup && form.pickup ? { pickup: form.pickup } : {}),
      ...(bank && form.wise ? { wise: form.wise } : {}),
    }).catch(() => null);
    useUi.getState().endLoading();
    setBusy(false);
    if (!answer) return;
    if (answer.code === Code.Success) {
      setSubmitted(true);
      setTimeout(reset, FORM_RESET_DELAY);
      void navigate(`/status-manage/return-details/${answer.data.request_id}`, { replace: true });
    } else if (answer.code === Code.AlreadyProcessing) {
      const open = alreadyProcessing.safeParse(answer.data);
      if (open.success) void navigate(`/process/${open.data.request_id}`, { replace: true });
      else toast(t('flow.submitFailed'), { kind: 'error', key: 'submit', duration: TOAST_DURATIONS.normal });
    } else if (answer.code === Code.NothingSelected)
      toast(t('flow.selectAtLeastOne'), { kind: 'error', key: 'submit' });
    else if (answer.code === Code.PickupAddressInvalid)
      toast(t('flow.pickupInvalid'), { kind: 'error', key: 'submit' });
    else if (answer.code === Code.NoStock)
      toast(t('exchange.noStockAtSubmit'), { kind: 'error', key: 'submit', duration: TOAST_DURATIONS.normal });
    else if (answer.code === Code.ExchangeCostsMore) {
      // The exchange step has the pay step: the shopper pays the difference there, then submits again.
      toast(t('exchange.costsMore'), { kind: 'error', key: 'submit', duration: TOAST_DURATIONS.normal });
      void navigate(`/process-manage/exchange/${orderId}`);
    } else if (answer.code === Code.PaymentPending && instantHold) {
      // The hold lapsed or was let go: the exchange step offers it again, everything else the shopper chose kept.
      update((f) => ({ ...f, exchange_hold: null }));
      toast(t('exchange.instant.lapsed'), { kind: 'error', key: 'submit', duration: TOAST_DURATIONS.normal });
      void navigate(`/process-manage/exchange/${orderId}`);
    } else if (answer.code === Code.PaymentPending)
      toast(t('exchange.payFirst'), { kind: 'error', key: 'submit', duration: TOAST_DURATIONS.normal });
    else toast(t('flow.submitFailed'), { kind: 'error', key: 'submit', duration: TOAST_DURATIONS.normal });
  };

  const { credit, price } = exchangeMoneyOf(form, order, m.exchange_amount);
  // An exchange's money is what it is worth towards the new items, not a refund.
  const exchangeMoney = { credit, total: price.exchangesTotal, remaining: price.remainingRredit };
  const rows: [string, number][] = [
    [t('flow.money.subtotal'), m.origin_subtotal],
    [t('flow.money.discount'), -m.discount],
    [t('flow.money.tax'), m.tax],
    [t('flow.money.refund'), m.refund],
    [t('flow.money.shipping'), m.shipping.money],
    [t('flow.money.returnFee'), -m.return_fee],
    ...(m.label_fee ? ([[t('flow.money.labelFee'), -m.label_fee]] as [string, number][]) : []),
    ...(m.restocking_fee ? ([[t('flow.money.restockingFee'), -m.restocking_fee]] as [string, number][]) : []),
    ...(m.bonus ? ([[t('flow.money.bonus'), m.bonus]] as [string, number][]) : []),
  ];

  return (
    <FlowLayout step="check" title={t('flow.checkTitle')}>
      <div className="rc-card">
        <h2 className="rc-subtitle">{t('flow.items')}</h2>
        <ul className="rc-lines">
          {items.map((item) => {
            const line = order.yes.find((l) => l.line_item_id === item.line_item_id);
            return (
              <li key={item.line_item_id} className="rc-line">
                {line ? <img src={appUrl(line.image)} alt="" width={56} height={56} /> : null}
                <span className="rc-line__title">
                  {line ? [line.title, line.variant_title].filter(Boolean).join(' / ') : ''}
                </span>
                <span>× {item.quantity}</span>
                <span className="rc-line__selected">{item.reason_text}</span>
              </li>
            );
          })}
        </ul>
        {exchange ? <ExchangeLines items={form.exchange_items} format={format} /> : null}
        <dl className="rc-summary">
          <dt>{t('flow.solution')}</dt>
          <dd>{t(`solutions.${solutionId}`)}</dd>
          {instantHold ? (
            <>
              <dt>{t('exchange.instant.shipsLabel')}</dt>
              <dd>{t('exchange.instant.shipsNow', { amount: format(instantHold.amount) })}</dd>
            </>
          ) : null}
          <dt>{t('flow.method')}</dt>
          <dd>{t(`methods.${shippingMethodId}`)}</dd>
          {pickup && form.pickup ? (
            <>
              <dt>{t('pickup.timeTitle')}</dt>
              <dd>
                {pickupDateLabel(form.pickup.date, language)},{' '}
                {slotLabel(order.pickupMethod.pickupTime, form.pickup.time)}
              </dd>
              <dt>{t('pickup.addressTitle')}</dt>
              <dd>{[form.pickup.address.address1, form.pickup.address.city, form.pickup.address.zip].join(', ')}</dd>
            </>
          ) : null}
          {bank && form.wise ? (
            <>
              <dt>{t('bank.iban')}</dt>
              <dd>{t('bank.account', { last4: form.wise.iban.slice(-4) })}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="rc-card">
        {hidden ? (
          <p>{t('flow.money.hidden')}</p>
        ) : (
          <>
            <MoneyTable
              rows={rows.map(([label, amount]) => [label, format(amount)] as const)}
              total={exchange ? null : [t('flow.money.total'), format(m.total)]}
              totalTestId="total-refund"
            />
            {exchange ? <ExchangeMoney {...exchangeMoney} format={format} /> : null}
          </>
        )}
      </div>
      <FlowNav
        onBack={() => void navigate(`/process-manage/${pickup ? 'pickup' : 'method'}/${orderId}`)}
        onContinue={() => void submit()}
        continueLabel={busy ? t('flow.submitting') : t('flow.submit')}
        busy={busy}
      />
    </FlowLayout>
  );
}
