import {
  BANK_REFUND_CURRENCIES,
  calls,
  Code,
  isBankRefundCurrency,
  type BankRefundCurrency,
} from '@return-center/contract';
import { formatIban, ibanCurrency, isIban, normalizeIban } from '@return-center/domain';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/http';
import type { BankPayee } from '../../../shared/return-form';
import { Field } from '../../../shared/ui/field';

export interface BankDetails {
  name: string;
  surname: string;
  iban: string;
  currency: BankRefundCurrency;
  details: string;
}

/** Each missing or wrong field as the locale key of its message. */
export function bankErrors(details: BankDetails): Partial<Record<keyof BankDetails, string>> {
  const errors: Partial<Record<keyof BankDetails, string>> = {};
  for (const field of ['name', 'surname', 'iban', 'currency'] as const)
    if (!details[field].trim()) errors[field] = 'pickup.required';
  if (!errors.iban && !isIban(details.iban)) errors.iban = 'bank.ibanInvalid';
  return errors;
}

/** wise/customer/create: the payee account at the payout provider, as the submit sends it; null when refused. */
export async function createPayee(
  orderId: number,
  details: BankDetails,
): Promise<{ payee: BankPayee } | { error: string }> {
  const answer = await http.request(
    calls.wiseCustomerCreate,
    {
      order_id: orderId,
      name: details.name.trim(),
      surname: details.surname.trim(),
      iban: normalizeIban(details.iban),
      currency: details.currency,
      account_details: details.details.trim(),
    },
    { quiet: true },
  );
  if (answer.code !== Code.Success) return { error: answer.msg };
  return {
    payee: {
      iban: normalizeIban(details.iban),
      name: `${details.name.trim()} ${details.surname.trim()}`,
      account_id: answer.data.account_id,
      currency: details.currency,
    },
  };
}

/** Spec screen 9, the required information for a bank-transfer refund: full name, surname, IBAN, account details. */
export function BankForm({
  value,
  onChange,
  showErrors,
}: {
  value: BankDetails;
  onChange: (value: BankDetails) => void;
  showErrors: boolean;
}) {
  const { t } = useTranslation();
  const errors = showErrors ? bankErrors(value) : {};
  const error = (field: keyof BankDetails) => (errors[field] ? t(errors[field]) : undefined);
  const set = (field: Exclude<keyof BankDetails, 'currency'>, text: string) => onChange({ ...value, [field]: text });
  return (
    <fieldset className="rc-card rc-form rc-bank-form">
      <legend className="rc-subtitle">{t('bank.title')}</legend>
      <p className="rc-note">{t('bank.intro')}</p>
      <Field
        label={t('bank.name')}
        value={value.name}
        maxLength={100}
        autoComplete="given-name"
        required
        error={error('name')}
        onChange={(event) => set('name', event.target.value)}
      />
      <Field
        label={t('bank.surname')}
        value={value.surname}
        maxLength={100}
        autoComplete="family-name"
        required
        error={error('surname')}
        onChange={(event) => set('surname', event.target.value)}
      />
      <Field
        label={t('bank.iban')}
        value={value.iban}
        maxLength={42}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('bank.ibanHint')}
        required
        error={error('iban')}
        onChange={(event) => {
          const iban = event.target.value.toUpperCase();
          // A complete IBAN brings its country's currency; the shopper may still pick another after it.
          const usual = isIban(iban) ? (ibanCurrency(iban) ?? '') : '';
          onChange({ ...value, iban, ...(isBankRefundCurrency(usual) ? { currency: usual } : {}) });
        }}
        onBlur={() => isIban(value.iban) && set('iban', formatIban(value.iban))}
      />
      <div className="rc-field">
        <label htmlFor="bank-currency">{t('bank.currency')}</label>
        <select
          id="bank-currency"
          value={value.currency}
          onChange={(event) => {
            const currency = event.target.value;
            if (isBankRefundCurrency(currency)) onChange({ ...value, currency });
          }}
        >
          {BANK_REFUND_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('bank.details')}
        value={value.details}
        maxLength={500}
        placeholder={t('bank.detailsHint')}
        onChange={(event) => set('details', event.target.value)}
      />
    </fieldset>
  );
}
