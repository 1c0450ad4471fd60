import { EXCHANGE_SORTS } from '@return-center/contract';
import { useEffect, useEffectEvent, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/ui/field';
import { priceOf, type CatalogueFilters, type Sort } from './catalogue-filters';

const PRICE_BOUNDS = [
  ['min', 'exchange.priceMin'],
  ['max', 'exchange.priceMax'],
] as const;

/** How long typing rests before the catalogue is asked again. */
const TYPING_DELAY = 300;

interface Props {
  filters: CatalogueFilters;
  collections: readonly { id: number; title: string }[];
  currency: string;
  onChange: (filters: CatalogueFilters) => void;
}

/**
 * Search, collection, price range, in-stock and sort. Typed values apply once typing rests; choices apply at once. A
 * price that is not an amount says so and is left out of the search.
 */
export function CatalogueFiltersForm({ filters, collections, currency, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState({ search: filters.search, min: filters.min, max: filters.max });
  const apply = useEffectEvent(() => {
    if (typed.search !== filters.search || typed.min !== filters.min || typed.max !== filters.max)
      onChange({ ...filters, ...typed });
  });
  useEffect(() => {
    const timer = setTimeout(apply, TYPING_DELAY);
    return () => clearTimeout(timer);
  }, [typed]);

  const priceError = (value: string) =>
    priceOf(value, currency) === 'invalid' ? t('exchange.priceInvalid') : undefined;
  const type = (key: keyof typeof typed) => (event: ChangeEvent<HTMLInputElement>) =>
    setTyped((current) => ({ ...current, [key]: event.target.value }));

  return (
    <form className="rc-card rc-filters" role="search" onSubmit={(event) => event.preventDefault()}>
      <Field
        label={t('exchange.search')}
        type="search"
        value={typed.search}
        maxLength={100}
        onChange={type('search')}
      />
      <div className="rc-field">
        <label htmlFor={`${id}-collection`}>{t('exchange.collection')}</label>
        <select
          id={`${id}-collection`}
          value={filters.collection}
          onChange={(event) => onChange({ ...filters, ...typed, collection: event.target.value })}
        >
          <option value="">{t('exchange.allCollections')}</option>
          {collections.map((collection) => (
            <option key={collection.id} value={String(collection.id)}>
              {collection.title}
            </option>
          ))}
        </select>
      </div>
      {PRICE_BOUNDS.map(([key, label]) => (
        <Field
          key={key}
          label={t(label, { currency })}
          inputMode="decimal"
          value={typed[key]}
          maxLength={12}
          onChange={type(key)}
          error={priceError(typed[key])}
        />
      ))}
      <div className="rc-field">
        <label htmlFor={`${id}-sort`}>{t('exchange.sort')}</label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => onChange({ ...filters, ...typed, sort: event.target.value as Sort })}
        >
          {EXCHANGE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`exchange.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="rc-check">
        <input
          type="checkbox"
          checked={filters.inStock}
          onChange={(event) => onChange({ ...filters, ...typed, inStock: event.target.checked })}
        />
        {t('exchange.inStockOnly')}
      </label>
    </form>
  );
}
