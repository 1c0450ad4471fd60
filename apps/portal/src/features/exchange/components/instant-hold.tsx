import { Code, type ExchangeHold, type PayloadOf, type calls } from '@return-center/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InlineLoader } from '../../../shared/ui/loader';
import { exchangeHold } from '../api/exchange-hold';

interface Props {
  /** The exchange's order, lines, new items and return form key: the same choice answers the same hold. */
  choice: PayloadOf<typeof calls.exchangeHold>;
  format: (amount: number) => string;
  /** The hold the shopper authorised for this choice, once they have. */
  held: ExchangeHold | null;
  onHeld: (hold: ExchangeHold) => void;
  /** The shopper takes the ordinary exchange after all. */
  onOrdinary: () => void;
  /** Leaves for the payment provider's page (tests watch it instead). */
  goTo?: (url: string) => void;
}

type Problem = 'declined' | 'failed' | 'noStock' | 'payFirst';
type State = { step: 'idle' } | { step: 'working' } | { step: 'problem'; problem: Problem };

const problemOf = (code: number): Problem =>
  code === Code.NoStock ? 'noStock' : code === Code.ExchangeCostsMore ? 'payFirst' : 'failed';

const problemText = { declined: 'exchange.instant.declined', failed: 'exchange.instant.failed' } as const;

/**
 * The hold step of an instant exchange (ADR 047), when the server offers one: the new items ship at once against a
 * hold on the shopper's card. The shopper authorises it on the payment provider's page and comes back here with
 * `?hold=<draft>` (and `declined=1` when the card was declined), where the server says whether it is held. Without a
 * hold the exchange is the ordinary one.
 */
export function InstantHold({
  choice,
  format,
  held,
  onHeld,
  onOrdinary,
  goTo = (url) => window.location.assign(url),
}: Props) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const back = params.get('hold');
  const declined = params.get('declined') === '1';
  const [state, setState] = useState<State>(
    back ? (declined ? { step: 'problem', problem: 'declined' } : { step: 'working' }) : { step: 'idle' },
  );
  const start = useRef<HTMLButtonElement>(null);
  // Taking the ordinary exchange removes the button that had the focus: it moves to the offer's button.
  const refocus = useRef(false);
  // The choice the shopper left with: the page asks for its hold once on the way back.
  const [left] = useState(choice);

  // Back from the provider's page: the server reads the hold again (a declined card left it to authorise).
  useEffect(() => {
    if (!back) return;
    let current = true;
    const settle = declined
      ? Promise.resolve()
      : exchangeHold(left).then((answer) => {
          if (!current) return;
          if (answer.code === Code.Success && answer.data.state === 'held') {
            onHeld(answer.data);
            setState({ step: 'idle' });
          } else
            setState({ step: 'problem', problem: answer.code === Code.Success ? 'failed' : problemOf(answer.code) });
        });
    settle
      .catch(() => current && setState({ step: 'problem', problem: 'failed' }))
      .finally(() => current && setParams({}, { replace: true }));
    return () => {
      current = false;
    };
  }, [back, declined, left, onHeld, setParams]);

  useEffect(() => {
    if (!refocus.current || held) return;
    refocus.current = false;
    start.current?.focus();
  }, [held]);

  const ask = async () => {
    setState({ step: 'working' });
    try {
      const answer = await exchangeHold(choice);
      if (answer.code !== Code.Success) {
        setState({ step: 'problem', problem: problemOf(answer.code) });
        return;
      }
      if (answer.data.state === 'held') {
        onHeld(answer.data);
        setState({ step: 'idle' });
      } else if (answer.data.state === 'awaiting_shopper' && answer.data.pay_url) goTo(answer.data.pay_url);
      else setState({ step: 'problem', problem: 'failed' });
    } catch {
      setState({ step: 'problem', problem: 'failed' });
    }
  };

  if (held)
    return (
      <section className="rc-card" aria-labelledby="rc-hold-title">
        <h2 id="rc-hold-title" className="rc-subtitle">
          {t('exchange.instant.heldTitle')}
        </h2>
        <div role="status">
          <p>{t('exchange.instant.held', { amount: format(held.amount) })}</p>
          <p>{t(`exchange.instant.release.${held.release_on}`)}</p>
          <p>{t(`exchange.instant.capture.${held.release_on}`, { count: held.capture_after_days })}</p>
        </div>
        <button
          type="button"
          className="rc-button rc-button--secondary"
          onClick={() => {
            refocus.current = true;
            onOrdinary();
          }}
        >
          {t('exchange.instant.ordinaryInstead')}
        </button>
      </section>
    );

  const problem = state.step === 'problem' ? state.problem : null;
  return (
    <section className="rc-card" aria-labelledby="rc-hold-title">
      <h2 id="rc-hold-title" className="rc-subtitle">
        {t('exchange.instant.title')}
      </h2>
      <p>{t('exchange.instant.offer')}</p>
      {problem ? (
        <p className="rc-field__error" role="alert">
          {problem === 'noStock'
            ? t('exchange.noStockAtSubmit')
            : problem === 'payFirst'
              ? t('exchange.payFirst')
              : t(problemText[problem])}
        </p>
      ) : null}
      {state.step === 'working' ? (
        <InlineLoader label={t('exchange.instant.working')} />
      ) : (
        <button ref={start} type="button" className="rc-button" onClick={() => void ask()}>
          {t('exchange.instant.start')}
        </button>
      )}
      <p className="rc-note">{t('exchange.instant.ordinary')}</p>
    </section>
  );
}
