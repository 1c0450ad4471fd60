import { Code } from '@return-center/contract/zod-free';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/ui/field';
import { useWithdrawalItems } from '../api/withdrawal-items';
import type { WithdrawalDraft } from './withdrawal-draft';

interface Props {
  shopUrl: string;
  draft: WithdrawalDraft;
  setDraft: (change: Partial<WithdrawalDraft>) => void;
  onNext: () => void;
}

type Errors = Partial<Record<'name' | 'orderNumber' | 'email' | 'items', string>>;

/** Step 1 (Art. 11a(2)): the name, the order number and the email for the acknowledgement; the order or some items. */
export function WithdrawalForm({ shopUrl, draft, setDraft, onNext }: Props) {
  const { t } = useTranslation('withdrawal');
  const [errors, setErrors] = useState<Errors>({});
  const [looked, setLooked] = useState(false);
  const items = useWithdrawalItems();

  const check = (): Errors => ({
    name: draft.name.trim() ? undefined : t('errorName'),
    orderNumber: /^#?[A-Za-z0-9-]{1,32}$/.test(draft.orderNumber.trim()) ? undefined : t('login.errors.orderNumber'),
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim()) ? undefined : t('errorEmail'),
  });

  async function findItems() {
    const found = check();
    setErrors({ orderNumber: found.orderNumber, email: found.email });
    if (found.orderNumber || found.email) return;
    const answer = await items
      .run({ shop_url: shopUrl, order_number: draft.orderNumber.trim(), email: draft.email.trim() })
      .catch(() => null);
    setLooked(true);
    setDraft({ items: answer?.code === Code.Success ? answer.data.items : [], picked: [] });
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = check();
    if (draft.scope === 'items' && draft.picked.length === 0 && !draft.itemsText.trim()) next.items = t('errorItems');
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    onNext();
  }

  const toggle = (id: number, on: boolean) =>
    setDraft({ picked: on ? [...draft.picked, id] : draft.picked.filter((each) => each !== id) });

  return (
    <form className="rc-form" onSubmit={submit} noValidate>
      <Field
        label={t('name')}
        value={draft.name}
        onChange={(e) => setDraft({ name: e.target.value })}
        error={errors.name}
        autoComplete="name"
      />
      <Field
        label={t('login.orderNumber', { ns: 'translation' })}
        value={draft.orderNumber}
        onChange={(e) => setDraft({ orderNumber: e.target.value })}
        error={errors.orderNumber}
        autoComplete="off"
        placeholder={t('login.orderNumberPlaceholder', { ns: 'translation' })}
      />
      <Field
        label={t('login.emailAddress', { ns: 'translation' })}
        value={draft.email}
        onChange={(e) => setDraft({ email: e.target.value })}
        error={errors.email}
        type="email"
        autoComplete="email"
      />
      <p className="rc-note">{t('emailHint')}</p>
      <fieldset className="rc-field">
        <legend>{t('scopeLegend')}</legend>
        {(['order', 'items'] as const).map((scope) => (
          <label key={scope} className="rc-radio">
            <input
              type="radio"
              name="rc-withdraw-scope"
              value={scope}
              checked={draft.scope === scope}
              onChange={() => setDraft({ scope })}
            />
            {t(scope === 'order' ? 'scopeOrder' : 'scopeItems')}
          </label>
        ))}
      </fieldset>
      {draft.scope === 'items' ? (
        <div className="rc-withdraw__items">
          <button
            type="button"
            className="rc-button rc-button--secondary"
            onClick={() => void findItems()}
            disabled={items.isPending}
            aria-busy={items.isPending}
          >
            {t('findItems')}
          </button>
          {draft.items.length > 0 ? (
            <fieldset className="rc-field">
              <legend>{t('itemsLegend')}</legend>
              {draft.items.map((item) => (
                <label key={item.line_item_id} className="rc-radio">
                  <input
                    type="checkbox"
                    checked={draft.picked.includes(item.line_item_id)}
                    onChange={(e) => toggle(item.line_item_id, e.target.checked)}
                  />
                  {`${item.title}${item.variant_title ? ` – ${item.variant_title}` : ''} ×${String(item.quantity)}`}
                </label>
              ))}
            </fieldset>
          ) : looked ? (
            <p className="rc-note" role="status">
              {t('noItems')}
            </p>
          ) : null}
          <div className="rc-field">
            <label htmlFor="rc-withdraw-text">{t('itemsText')}</label>
            <textarea
              id="rc-withdraw-text"
              rows={3}
              maxLength={2000}
              value={draft.itemsText}
              aria-invalid={errors.items ? true : undefined}
              aria-describedby={errors.items ? 'rc-withdraw-items-error' : undefined}
              onChange={(e) => setDraft({ itemsText: e.target.value })}
            />
            {errors.items ? (
              <p id="rc-withdraw-items-error" className="rc-field__error">
                {errors.items}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      <button className="rc-button" type="submit">
        {t('next')}
      </button>
    </form>
  );
}
