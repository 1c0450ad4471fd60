import { rmaReference, type MerchantWithdrawal, type WithdrawalOrder } from '@return-center/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Field } from '../../shared/ui/field';
import { OrderFacts, type Picked } from './order-facts';
import { findOrder, linkToOrder, linkToRequest, WITHDRAWALS } from './withdrawals-api';
import { itemsGiven } from './withdrawals-table';

/**
 * Links a declaration without a request, in two presses: find its order (the number it gave, or another staff
 * type), see what the server says of it (its email, the period, its open request), then link the declaration to the
 * open request or make the order's withdrawal request, picking the items when the consumer described them in words.
 */
export function LinkDialog({
  declaration,
  close,
  done,
}: {
  declaration: MerchantWithdrawal;
  close: () => void;
  done: (linked: MerchantWithdrawal) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [orderNumber, setOrderNumber] = useState(declaration.order_number);
  // The items the consumer picked, when the order was theirs; else staff pick them.
  const [picked, setPicked] = useState<Picked>(() =>
    Object.fromEntries(declaration.items.map((item) => [item.line_item_id, item.quantity])),
  );
  const find = useMutation({ mutationFn: () => findOrder(declaration.id, orderNumber) });
  const order: WithdrawalOrder | undefined = find.data;
  const link = useMutation({
    mutationFn: () =>
      order?.open_request
        ? linkToRequest(declaration.id, order.open_request.id)
        : linkToOrder(declaration.id, {
            order_number: orderNumber,
            items: Object.entries(picked).map(([line, quantity]) => ({ line_item_id: Number(line), quantity })),
          }),
    onSuccess: (linked) => {
      void client.invalidateQueries({ queryKey: WITHDRAWALS });
      void client.invalidateQueries({ queryKey: ['queue'] });
      done(linked);
    },
  });
  const picking = order !== undefined && order.open_request === null && declaration.scope === 'items';
  const ready = order ? order.within_period && (!picking || Object.keys(picked).length > 0) : orderNumber.trim() !== '';
  const confirmLabel = !order
    ? t('withdrawals.find')
    : order.open_request
      ? t('withdrawals.linkToRequest', { rma: rmaReference(order.open_request.id) })
      : t('withdrawals.makeRequest');
  return (
    <ConfirmDialog
      open
      title={t('withdrawals.linkTitle', { reference: declaration.reference })}
      confirmLabel={confirmLabel}
      busy={find.isPending || link.isPending}
      disabled={!ready}
      error={(find.error ?? link.error)?.message}
      onConfirm={() => (order ? link.mutate() : find.mutate())}
      onClose={close}
    >
      <p>
        {t('withdrawals.declared', {
          name: declaration.name,
          email: declaration.email,
          at: dateTime(declaration.declared_at),
        })}
      </p>
      <p>{t('withdrawals.gave', { order: declaration.order_number, items: itemsGiven(t, declaration) })}</p>
      <Field label={t('withdrawals.orderNumber')} hint={t('withdrawals.orderHint')}>
        {({ id, describedBy }) => (
          <input
            id={id}
            aria-describedby={describedBy}
            value={orderNumber}
            onChange={(e) => {
              setOrderNumber(e.target.value);
              setPicked({});
              find.reset();
              link.reset();
            }}
          />
        )}
      </Field>
      {order ? (
        <OrderFacts order={order} declaration={declaration} picking={picking} picked={picked} pick={setPicked} />
      ) : null}
    </ConfirmDialog>
  );
}
