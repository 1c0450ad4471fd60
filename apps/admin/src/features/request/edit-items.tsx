import { deskRoutes } from '@return-center/contract';
import type { DeskOrder, MerchantRequest } from '@return-center/contract';
import { deskEditable } from '@return-center/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { merchantCall } from '../../shared/api';
import { ChoiceRadios } from '../../shared/desk/choice-radios';
import { useDeskOrder, useDeskQuote } from '../../shared/desk/desk-api';
import '../../shared/desk/desk.css';
import { chosenItems, picksOf, type Picks } from '../../shared/desk/picks';
import { QuoteSummary } from '../../shared/desk/quote-summary';
import { ReturnLines } from '../../shared/desk/return-lines';
import { methodName } from '../../shared/labels';
import { Failed, Loading } from '../../shared/ui/page';

/**
 * "Edit items" on a request that waits for review (issue 33 point 4): its lines, quantities, reasons and method, with
 * the server's money for the change; saving puts what changed on the timeline.
 */
export function EditItems({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const order = useDeskOrder(request.order_no, request.id, open);
  if (!deskEditable(request)) return null;
  return (
    <section className="card" aria-labelledby="edit-items-title">
      <h2 id="edit-items-title">{t('deskReturn.edit.title')}</h2>
      {saved && !open ? (
        <p role="status" className="notice">
          {t('deskReturn.edit.saved')}
        </p>
      ) : null}
      {!open ? (
        <button
          type="button"
          className="button secondary"
          aria-expanded={false}
          onClick={() => {
            setSaved(false);
            setOpen(true);
          }}
        >
          {t('deskReturn.edit.open')}
        </button>
      ) : order.isPending ? (
        <Loading label={t('common.loading')} />
      ) : order.isError ? (
        <Failed message={order.error.message} retry={() => void order.refetch()} />
      ) : (
        <EditForm
          request={request}
          order={order.data}
          onDone={(changed) => {
            setOpen(false);
            setSaved(changed);
          }}
        />
      )}
    </section>
  );
}

function EditForm({
  request,
  order,
  onDone,
}: {
  request: MerchantRequest;
  order: DeskOrder;
  onDone: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [picks, setPicks] = useState<Picks>(() => picksOf(request.items));
  const [method, setMethod] = useState(request.shipping_method_id);
  const items = chosenItems(picks);
  const ask = {
    order_id: order.order.id,
    solution_id: request.solution_id,
    shipping_method_id: method,
    items,
    request: request.id,
  };
  const quote = useDeskQuote(items.length ? ask : null);
  const methods = quote.data?.methods ?? order.order.returnShippingMethod;
  const save = useMutation({
    mutationFn: () => merchantCall(deskRoutes.deskEdit, request.id, { shipping_method_id: method, items }),
    onSuccess: ({ data }) => {
      client.setQueryData(['request', request.id], data);
      void client.invalidateQueries({ queryKey: ['queue'] });
      onDone(true);
    },
  });
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (items.length) save.mutate();
  };
  return (
    <form onSubmit={submit}>
      <p className="muted">{t('deskReturn.edit.hint')}</p>
      <ReturnLines order={order} picks={picks} onChange={setPicks} />
      <ChoiceRadios
        legend={t('deskReturn.method')}
        options={methods.map((m) => ({ id: m.id, label: methodName(t, m.id) }))}
        value={method}
        onChange={setMethod}
      />
      <h3>{t('deskReturn.moneyTitle')}</h3>
      <QuoteSummary quote={quote.data} error={quote.error} pending={quote.isFetching} />
      {save.isError ? (
        <p role="alert" className="notice error-notice">
          {save.error.message}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button" disabled={!items.length || save.isPending}>
          {save.isPending ? t('common.working') : t('deskReturn.edit.save')}
        </button>
        <button type="button" className="button secondary" onClick={() => onDone(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
