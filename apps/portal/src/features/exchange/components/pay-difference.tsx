import type { PayloadOf, calls } from '@return-center/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InlineLoader } from '../../../shared/ui/loader';
import { createExchangeDraft, exchangeDraftStatus } from '../api/draft-order';

interface Props {
  orderId: number;
  /** The draft's order, lines, new items and return form key: the same choice answers the same draft. */
  choice: PayloadOf<typeof calls.createDraftOrder>;
  /** What the new items cost beyond the return's credit (minor units). */
  due: number;
  format: (amount: number) => string;
  /** The draft the shopper paid for this choice, once they have. */
  paidDraftId: string | null;
  onPaid: (draftId: string) => void;
  /** Leaves for the checkout (tests watch it instead). */
  goTo?: (url: string) => void;
}

/** Where the checkout sends the shopper back to: this page, naming the draft to check (spec screen 8). */
const returnPath = (orderId: number, draftId: string) =>
  `/process-manage/exchange/${String(orderId)}?draft=${encodeURIComponent(draftId)}`;

/**
 * The pay-for-exchanges step (spec screen 8): the shopper goes to the store's checkout for what the new items cost
 * beyond the return's credit, comes back here, and the page checks the payment; a draft left unpaid says "Please retry".
 */
export function PayDifference({
  orderId,
  choice,
  due,
  format,
  paidDraftId,
  onPaid,
  goTo = (url) => window.location.assign(url),
}: Props) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const returned = params.get('draft');
  const [state, setState] = useState<'idle' | 'working' | 'failed'>(returned ? 'working' : 'idle');

  useEffect(() => {
    if (!returned) return;
    let current = true;
    exchangeDraftStatus(orderId, returned)
      .then((draft) => {
        if (!current) return;
        if (draft.status === 'paid') onPaid(draft.draft_order_id);
        setState(draft.status === 'paid' ? 'idle' : 'failed');
      })
      .catch(() => current && setState('failed'))
      .finally(() => current && setParams({}, { replace: true }));
    return () => {
      current = false;
    };
  }, [returned, orderId, onPaid, setParams]);

  if (paidDraftId)
    return (
      <p className="rc-card rc-note" role="status">
        {t('exchange.paid', { amount: format(due) })}
      </p>
    );

  const pay = async () => {
    setState('working');
    try {
      const draft = await createExchangeDraft(choice);
      if (draft.status === 'paid') {
        onPaid(draft.draft_order_id);
        setState('idle');
        return;
      }
      if (draft.status !== 'open' || !draft.checkout_url) throw new Error('The draft cannot be paid');
      const back = encodeURIComponent(returnPath(orderId, draft.draft_order_id));
      goTo(`${draft.checkout_url}${draft.checkout_url.includes('?') ? '&' : '?'}return=${back}`);
    } catch {
      setState('failed');
    }
  };

  return (
    <section className="rc-card" aria-labelledby="rc-pay-title">
      <h2 id="rc-pay-title" className="rc-subtitle">
        {t('exchange.payTitle')}
      </h2>
      <p>{t('exchange.payDifference', { amount: format(due) })}</p>
      {state === 'failed' ? (
        <p className="rc-field__error" role="alert">
          {t('exchange.pleaseRetry')}
        </p>
      ) : null}
      {state === 'working' ? (
        <InlineLoader label={t('exchange.checkingPayment')} />
      ) : (
        <button type="button" className="rc-button" onClick={() => void pay()}>
          {t('exchange.pay', { amount: format(due) })}
        </button>
      )}
    </section>
  );
}
