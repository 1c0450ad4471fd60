import { Code } from '@return-center/contract/zod-free';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeclareWithdrawal } from '../api/declare-withdrawal';
import { pickedItems, type WithdrawalDraft } from './withdrawal-draft';

interface Props {
  shopUrl: string;
  draft: WithdrawalDraft;
  onChange: () => void;
  onDone: (receipt: { reference: string; declared_at: number }) => void;
}

/** Step 2 (Art. 11a(3)): what will be sent, and the "Confirm withdrawal" button that sends it. */
export function WithdrawalSummary({ shopUrl, draft, onChange, onDone }: Props) {
  const { t, i18n } = useTranslation('withdrawal');
  const declare = useDeclareWithdrawal();
  const [failed, setFailed] = useState('');
  const picked = pickedItems(draft);

  async function confirm() {
    setFailed('');
    const answer = await declare
      .run({
        shop_url: shopUrl,
        name: draft.name.trim(),
        order_number: draft.orderNumber.trim(),
        email: draft.email.trim(),
        scope: draft.scope,
        items:
          draft.scope === 'items' ? picked.map((i) => ({ line_item_id: i.line_item_id, quantity: i.quantity })) : [],
        items_text: draft.scope === 'items' ? draft.itemsText.trim() : '',
        lang: i18n.language,
      })
      .catch(() => null);
    if (answer?.code === Code.Success) onDone(answer.data);
    else setFailed(answer?.msg || t('failed'));
  }

  return (
    <div className="rc-form">
      <dl className="rc-withdraw__summary">
        <dt>{t('name')}</dt>
        <dd>{draft.name.trim()}</dd>
        <dt>{t('login.orderNumber', { ns: 'translation' })}</dt>
        <dd>{draft.orderNumber.trim()}</dd>
        <dt>{t('login.emailAddress', { ns: 'translation' })}</dt>
        <dd>{draft.email.trim()}</dd>
        <dt>{t('scopeLegend')}</dt>
        <dd>
          {draft.scope === 'order' ? (
            t('scopeOrder')
          ) : (
            <ul>
              {picked.map((item) => (
                <li key={item.line_item_id}>{`${item.title} ×${String(item.quantity)}`}</li>
              ))}
              {draft.itemsText.trim() ? <li>{draft.itemsText.trim()}</li> : null}
            </ul>
          )}
        </dd>
      </dl>
      {failed ? (
        <p className="rc-field__error" role="alert">
          {failed}
        </p>
      ) : null}
      <div className="rc-withdraw__actions">
        <button type="button" className="rc-button rc-button--secondary" onClick={onChange}>
          {t('change')}
        </button>
        <button
          type="button"
          className="rc-button"
          onClick={() => void confirm()}
          disabled={declare.isPending}
          aria-busy={declare.isPending}
        >
          {t('confirm')}
        </button>
      </div>
    </div>
  );
}
