import { simulateBody, type RuleSetBody, type Simulation } from '@return-center/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { money as formatMoney } from '../../shared/format';
import { simulateRules } from './rules-api';
import { NumberInput } from './value-inputs';

const FIGURES = [
  ['allowed', 'allowed_units'],
  ['denied', 'denied_units'],
  ['approved', 'auto_approved'],
  ['rejected', 'auto_rejected'],
  ['flagged', 'flagged'],
  ['blocked', 'blocked'],
  ['fees', 'fees'],
  ['total', 'total'],
] as const;
const MONEY = ['fees', 'total'];

/** Tries the page's rules, saved or not, on the shop's latest requests and shows what would change. */
export function Simulator({ draft }: { draft: RuleSetBody }) {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(1000);
  const [limitRefused, setLimitRefused] = useState(false);
  const run = useMutation({ mutationFn: () => simulateRules(draft, limit) });
  const tryRules = () => {
    // The contract's own bounds (1 to 10,000), said beside the field before anything is sent.
    const refused = !simulateBody.shape.limit.safeParse(limit).success;
    setLimitRefused(refused);
    if (!refused) run.mutate();
  };
  const result: Simulation | undefined = run.data;
  const money = (amount: number) => (result ? formatMoney(amount, result.currency) : String(amount));
  return (
    <section className="card" aria-labelledby="simulator-title" aria-busy={run.isPending}>
      <h2 id="simulator-title">{t('rules.simulator.title')}</h2>
      <p className="hint">{t('rules.simulator.hint')}</p>
      <NumberInput
        label={t('rules.simulator.limit')}
        value={limit}
        error={limitRefused ? t('rules.simulator.limitInvalid') : undefined}
        onChange={setLimit}
      />
      <button type="button" className="button" disabled={run.isPending} onClick={tryRules}>
        {t('rules.simulator.run')}
      </button>
      <p role="status">
        {run.isPending
          ? t('rules.simulator.running')
          : result
            ? t('rules.simulator.summary', { requests: result.requests, changed: result.changed })
            : ''}
      </p>
      {run.isError ? (
        <p role="alert" className="error">
          {t('rules.simulator.failed', { message: run.error.message })}
        </p>
      ) : null}
      {result ? (
        <>
          <table>
            <caption className="visually-hidden">{t('rules.simulator.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rules.simulator.figure')}</th>
                <th scope="col">{t('rules.simulator.before')}</th>
                <th scope="col">{t('rules.simulator.after')}</th>
              </tr>
            </thead>
            <tbody>
              {FIGURES.map(([label, key]) => (
                <tr key={key}>
                  <th scope="row">{t(`rules.simulator.${label}`)}</th>
                  <td>{MONEY.includes(key) ? money(result.before[key]) : result.before[key]}</td>
                  <td>{MONEY.includes(key) ? money(result.after[key]) : result.after[key]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{t('rules.simulator.difference', { amount: money(result.money_difference) })}</p>
          {result.examples.length ? (
            <>
              <h3>{t('rules.simulator.examples')}</h3>
              <ul>
                {result.examples.map((example) => (
                  <li key={example.request_id}>
                    <Link to={`/requests/${String(example.request_id)}`}>
                      {t('rules.simulator.open', { id: example.request_id, order: example.order_no })}
                    </Link>{' '}
                    {t('rules.simulator.exampleChange', {
                      allowedBefore: example.before.allowed_units,
                      allowedAfter: example.after.allowed_units,
                      paidBefore: money(example.before.total),
                      paidAfter: money(example.after.total),
                    })}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
