import type { StoreConfig } from '@return-center/contract';
import { Code, OrderLookupMethod } from '@return-center/contract/zod-free';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/ui/field';
import { useLogin } from '../api/login';
import { inputRules } from './input-rules';

interface Props {
  config: StoreConfig;
  initial: { email: string; orderNumber: string };
  onSignedIn: (token: string, login: { email: string; order_number: string }) => void;
}

/** Order number plus email or phone, per the shop's order_lookup_method. */
export function OrderForm({ config, initial, onSignedIn }: Props) {
  const { t } = useTranslation();
  const method = config.text.order_lookup_method;
  const [orderNumber, setOrderNumber] = useState(initial.orderNumber);
  const [contact, setContact] = useState(initial.email);
  const [errors, setErrors] = useState<{ order?: string; contact?: string }>({});
  const login = useLogin();

  const contactLabel =
    config.text.order_email_address ||
    t(
      method === OrderLookupMethod.Phone
        ? 'login.phoneNumber'
        : method === OrderLookupMethod.EmailOrPhone
          ? 'login.emailOrPhone'
          : 'login.emailAddress',
    );
  const contactError =
    (method === OrderLookupMethod.EmailOrPhone && config.text.email_or_phone_error_tips) ||
    t(
      method === OrderLookupMethod.Phone
        ? 'login.errors.orderAndPhone'
        : method === OrderLookupMethod.EmailOrPhone
          ? 'login.errors.orderAndEmailOrPhone'
          : 'login.errors.orderAndEmail',
    );
  const orderError = config.text.order_number_error_tips || t('login.errors.orderNumber');

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const rules = await inputRules();
    if (!rules) return;
    const next = {
      order: rules.isOrderNumber(orderNumber) ? undefined : orderError,
      contact: rules.isLookupContact(method, contact) ? undefined : contactError,
    };
    setErrors(next);
    if (next.order || next.contact) return;
    const answer = await login
      .run({
        email: contact.trim(),
        order_number: orderNumber.trim(),
        shop_url: config.shop_url,
        origin: window.location.origin,
      })
      .catch(() => null);
    if (!answer) return;
    if (answer.code === Code.Success)
      onSignedIn(answer.data.token, { email: contact.trim(), order_number: orderNumber.trim() });
    else setErrors({ contact: answer.code === Code.OrderNotFound ? contactError : answer.msg });
  }

  return (
    <form className="rc-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={config.text.order_order_number || t('login.orderNumber')}
        value={orderNumber}
        onChange={(e) => setOrderNumber(e.target.value)}
        error={errors.order}
        autoComplete="off"
        placeholder={t('login.orderNumberPlaceholder')}
      />
      <Field
        label={contactLabel}
        value={contact}
        onChange={(e) => setContact(e.target.value)}
        error={errors.contact}
        type={method === OrderLookupMethod.Email ? 'email' : method === OrderLookupMethod.Phone ? 'tel' : 'text'}
        autoComplete={method === OrderLookupMethod.Phone ? 'tel' : 'email'}
      />
      <button className="rc-button" type="submit" disabled={login.isPending} aria-busy={login.isPending}>
        {config.text.order_confirm_button_name || t('login.confirm')}
      </button>
      {config.text.order_bottom_description ? <p className="rc-note">{config.text.order_bottom_description}</p> : null}
    </form>
  );
}
