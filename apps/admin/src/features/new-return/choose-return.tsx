import { deskRoutes } from '@return-center/contract';
import type { DeskOrder } from '@return-center/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { merchantCall } from '../../shared/api';
import { ChoiceRadios } from '../../shared/desk/choice-radios';
import { useDeskQuote } from '../../shared/desk/desk-api';
import { chosenItems, type Picks } from '../../shared/desk/picks';
import { QuoteSummary } from '../../shared/desk/quote-summary';
import { ReturnLines } from '../../shared/desk/return-lines';
import { methodName, solutionName } from '../../shared/labels';

/**
 * Step two: the items, solution and method, with the server's money for them; creating it opens the request. The
 * solutions and methods are those the server offers for the chosen items.
 */
export function ChooseReturn({ order }: { order: DeskOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [picks, setPicks] = useState<Picks>({});
  const [solution, setSolution] = useState(order.order.returnSolution[0]?.id ?? 1);
  const [method, setMethod] = useState(order.order.returnShippingMethod[0]?.id ?? 2);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const items = chosenItems(picks);
  const ask = { order_id: order.order.id, solution_id: solution, shipping_method_id: method, items };
  const quote = useDeskQuote(items.length ? ask : null);
  const solutions = quote.data?.solutions ?? order.order.returnSolution;
  const methods = quote.data?.methods ?? order.order.returnShippingMethod;
  const create = useMutation({
    mutationFn: () => merchantCall(deskRoutes.deskCreate, undefined, { ...ask, idempotency_key: idempotencyKey }),
    onSuccess: ({ data }) => void navigate(`/requests/${String(data.id)}`),
  });
  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (items.length) create.mutate();
  };
  return (
    <form onSubmit={submit} aria-labelledby="choose-title">
      <section className="card">
        <h2 id="choose-title">{t('deskReturn.items')}</h2>
        <ReturnLines order={order} picks={picks} onChange={setPicks} />
      </section>
      <section className="card">
        <ChoiceRadios
          legend={t('deskReturn.solution')}
          options={solutions.map((s) => ({ id: s.id, label: solutionName(t, s.id) }))}
          value={solution}
          onChange={setSolution}
        />
        <ChoiceRadios
          legend={t('deskReturn.method')}
          options={methods.map((m) => ({ id: m.id, label: methodName(t, m.id) }))}
          value={method}
          onChange={setMethod}
        />
      </section>
      <section className="card" aria-labelledby="money-title">
        <h2 id="money-title">{t('deskReturn.moneyTitle')}</h2>
        <QuoteSummary quote={quote.data} error={quote.error} pending={quote.isFetching} />
      </section>
      {create.isError ? (
        <p role="alert" className="notice error-notice">
          {create.error.message}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!items.length || create.isPending}>
        {create.isPending ? t('common.working') : t('deskReturn.create')}
      </button>
    </form>
  );
}
