import { Code, messages } from '@return-center/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeChoice } from '../../../shared/return-form';
import { InlineLoader } from '../../../shared/ui/loader';
import { useVariantByOption } from '../api/variant-by-option';
import { availability, optionValues, type Product } from './variant-options';

/** The server's refusals the portal has in every language; any other is shown as the server wrote it. */
const TRANSLATED: Partial<Record<string, string>> = {
  [messages.noStock]: 'exchange.noStock',
  [messages.productDeleted]: 'exchange.productDeleted',
};

interface Props {
  product: Product;
  /** How many units are returned, and so how many of the new variant the exchange asks for. */
  quantity: number;
  initial: (string | null)[];
  format: (amount: number) => string;
  onAdd: (choice: ExchangeChoice) => void;
  /** The picker's heading; by default it offers another variant of the product. */
  title?: string;
}

/** One select per option of the product; the server says whether the chosen variant has the units, and at what price. */
export function VariantPicker({ product, quantity, initial, format, onAdd, title }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState(initial);
  const lookup = useVariantByOption(product.id, quantity, chosen);
  const answer = lookup.data;
  const variant = answer?.code === Code.Success ? answer.data : null;

  const refusal = (msg: string) => {
    const key = TRANSLATED[msg];
    return key ? t(key) : msg;
  };
  const label = (index: number, value: string) => {
    const state = availability(product, chosen, index, value);
    return state === 'available' ? value : t(`exchange.${state}`, { value });
  };
  const add = () => {
    if (!variant) return;
    onAdd({
      variant_id: variant.id,
      product_id: product.id,
      count: quantity,
      variant: { price: variant.price },
      title: product.title,
      variant_title: variant.title,
    });
  };

  return (
    <section className="rc-card rc-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="rc-subtitle">
        {title ?? t('exchange.pickTitle', { product: product.title })}
      </h2>
      {product.option_names.map((name, index) => (
        <div className="rc-field" key={name}>
          <label htmlFor={`${id}-${index}`}>{name}</label>
          <select
            id={`${id}-${index}`}
            value={chosen[index] ?? ''}
            onChange={(event) => {
              const value = event.target.value;
              setChosen((current) => current.map((old, i) => (i === index ? value : old)));
            }}
          >
            {optionValues(product, index).map((value) => (
              <option key={value} value={value}>
                {label(index, value)}
              </option>
            ))}
          </select>
        </div>
      ))}
      {lookup.isPending ? (
        <InlineLoader label={t('exchange.checking')} />
      ) : variant ? (
        <p className="rc-exchange__offer" role="status">
          <span>{t('exchange.price', { amount: format(variant.price) })}</span>
          <span>{t('exchange.inStock', { quantity: variant.inventory_quantity })}</span>
        </p>
      ) : answer ? (
        <p className="rc-field__error" role="alert">
          {refusal(answer.msg)}
        </p>
      ) : null}
      <button type="button" className="rc-button" onClick={add} disabled={!variant}>
        {t('exchange.add')}
      </button>
    </section>
  );
}
