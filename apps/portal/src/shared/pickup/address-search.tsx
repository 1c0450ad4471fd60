import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeDetail, useAddressSearch } from './api';

export interface FoundAddress {
  address_detail: string;
  city: string;
  zip: string;
  province_code: string;
}

/** The address form's map search (spec screen 10): type a street or ZIP, choose a place, the form fills in. */
export function AddressSearch({ onFound }: { onFound: (found: FoundAddress) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const query = useDeferredValue(text);
  const results = useAddressSearch(query);
  const places = query.trim().length >= 3 ? (results.data ?? []) : [];
  const choose = async (placeId: string) => {
    const found = await placeDetail(placeId).catch(() => null);
    if (found) {
      onFound(found);
      setText('');
    }
  };
  return (
    <div className="rc-field rc-address-search">
      <label htmlFor={id}>{t('pickup.search')}</label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={200}
        autoComplete="off"
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-hint`} className="rc-note">
        {t('pickup.searchHint')}
      </p>
      {places.length > 0 ? (
        <ul className="rc-address-search__results" aria-label={t('pickup.search')}>
          {places.map((place) => (
            <li key={place.place_id}>
              <button type="button" onClick={() => void choose(place.place_id)}>
                {place.display}
              </button>
            </li>
          ))}
        </ul>
      ) : query.trim().length >= 3 && results.isFetched && !results.isFetching ? (
        <p role="status">{t('pickup.noResults')}</p>
      ) : null}
    </div>
  );
}
