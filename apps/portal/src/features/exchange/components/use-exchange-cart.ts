import { mergeExchangeItems } from '@return-center/domain';
import { useCallback } from 'react';
import { useOrderInfo } from '../../../shared/order-info';
import { exchangeMoneyOf } from '../../../shared/exchange-money';
import {
  exchangeFormRedirect,
  selectedItems,
  selectedLines,
  useReturnForm,
  type ExchangeChoice,
} from '../../../shared/return-form';
import { useMoney } from '../../../shared/use-money';
import { useExchangeMoney } from '../api/exchange-credit';

/**
 * The exchange cart both exchange pages work on: the returned line, the new items kept in the return form, and their
 * money. `state` says whether the page can show it, or where the shopper belongs instead.
 */
export function useExchangeCart(orderId: number) {
  const formatAmount = useMoney();
  const { form, update } = useReturnForm(orderId);
  const [returned] = selectedItems(form);
  const order = useOrderInfo(orderId);
  const money = useExchangeMoney(orderId, selectedLines(form));
  const line = order.data?.yes.find((l) => l.line_item_id === returned?.line_item_id);
  const setItems = useCallback(
    (next: (items: ExchangeChoice[]) => ExchangeChoice[]) =>
      update((f) => ({ ...f, exchange_items: next(f.exchange_items) })),
    [update],
  );
  // mergeExchangeItems copies each line whole, so the names kept beside the price come through.
  const add = useCallback(
    (choice: ExchangeChoice) => setItems((items) => mergeExchangeItems(items, [choice]) as ExchangeChoice[]),
    [setItems],
  );
  const remove = useCallback(
    (variantId: number) => setItems((items) => items.filter((item) => item.variant_id !== variantId)),
    [setItems],
  );

  const elsewhere = exchangeFormRedirect(form, orderId);
  if (elsewhere !== null) return { state: 'redirect', to: elsewhere } as const;
  if (order.isPending || money.isPending) return { state: 'loading' } as const;
  if (!order.data || !money.data) return { state: 'failed', queries: [order, money] } as const;
  if (!line || !returned) return { state: 'redirect', to: `/process-manage/select/${orderId}` } as const;

  const { currency, currency_format: currencyFormat } = money.data;
  return {
    state: 'ready',
    orderId,
    form,
    update,
    returned,
    line,
    items: form.exchange_items,
    ...exchangeMoneyOf(form, order.data, money.data.exchange_amount),
    currency,
    /** The server offers this exchange instant, against a card hold (ADR 047). */
    instant: money.data.instant_exchange,
    format: (amount: number) => formatAmount(amount, currency, currencyFormat),
    add,
    remove,
  } as const;
}

export type ExchangeCart = Extract<ReturnType<typeof useExchangeCart>, { state: 'ready' }>;
