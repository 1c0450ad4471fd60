import type { StoreConfig } from '@return-center/contract';
import { Code } from '@return-center/contract/zod-free';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/ui/field';
import { useGiftLogin } from '../api/gift-login';
import { inputRules } from './input-rules';

interface Props {
  config: StoreConfig;
  onBack: () => void;
  onSignedIn: (token: string, login: { email: string; order_number: string }) => void;
}

/**
 * "Returning a gift?" (ADR 044): the order number with the shipping postcode or the packing slip's gift code, and the
 * recipient's own email, where the store credit goes. The server decides whether they match.
 */
export function GiftForm({ config, onBack, onSignedIn }: Props) {
  const { t } = useTranslation();
  const [orderNumber, setOrderNumber] = useState('');
  const [postcode, setPostcode] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ order?: string; postcode?: string; email?: string }>({});
  const login = useGiftLogin();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form replaces the sign-in tabs: focus moves to its heading, so a screen reader announces where it is.
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const rules = await inputRules();
    if (!rules) return;
    const next = {
      order: rules.isOrderNumber(orderNumber) ? undefined : t('login.errors.orderNumber'),
      postcode: postcode.trim() ? undefined : t('login.gift.errors.postcode'),
      email: rules.isEmail(email) ? undefined : t('login.errors.email'),
    };
    setErrors(next);
    if (next.order || next.postcode || next.email) return;
    const answer = await login
      .run({
        order_number: orderNumber.trim(),
        postcode: postcode.trim(),
        email: email.trim(),
        shop_url: config.shop_url,
      })
      .catch(() => null);
    if (!answer) return;
    if (answer.code === Code.Success)
      onSignedIn(answer.data.token, { email: answer.data.email, order_number: orderNumber.trim() });
    else setErrors({ postcode: answer.code === Code.OrderNotFound ? t('login.gift.errors.notFound') : answer.msg });
  }

  return (
    <div className="rc-gift">
      <h2 ref={heading} tabIndex={-1} className="rc-gift__title">
        {t('login.gift.title')}
      </h2>
      <p className="rc-note">{t('login.gift.intro')}</p>
      <form className="rc-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={t('login.orderNumber')}
          value={orderNumber}
          onChange={(e) => setOrderNumber(e.target.value)}
          error={errors.order}
          autoComplete="off"
          placeholder={t('login.orderNumberPlaceholder')}
        />
        <Field
          label={t('login.gift.postcode')}
          value={postcode}
          onChange={(e) => setPostcode(e.target.value)}
          error={errors.postcode}
          autoComplete="off"
        />
        <Field
          label={t('login.gift.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
          type="email"
          autoComplete="email"
        />
        <button className="rc-button" type="submit" disabled={login.isPending} aria-busy={login.isPending}>
          {t('login.gift.submit')}
        </button>
      </form>
      <p className="rc-login__links">
        <button type="button" className="rc-link" onClick={onBack}>
          {t('login.gift.back')}
        </button>
      </p>
    </div>
  );
}
