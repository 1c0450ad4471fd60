import { ADDRESS_EDIT_DELAY, PICKUP_PHONE_PREFIX, type PickupAddress } from '@return-center/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickupAddressDialog } from './address-dialog';

/**
 * The pickup address card (spec screen 10): the address lines, the United States, the contact email and the phone
 * as +1 and the number; a missing value reads "Required". Edit opens the dialog after 300 ms; read-only hides it.
 */
export function PickupAddressCard({
  address,
  onSave,
}: {
  address: PickupAddress;
  /** Omitted for the read-only card. */
  onSave?: (address: PickupAddress) => void;
}) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!opening) return;
    const timer = window.setTimeout(() => {
      setOpening(false);
      setOpen(true);
    }, ADDRESS_EDIT_DELAY);
    return () => window.clearTimeout(timer);
  }, [opening]);
  const value = (text: string) => (text.trim() ? text : <span className="rc-required">{t('pickup.required')}</span>);
  const cityLine = [address.city, address.province_code, address.zip].filter((part) => part.trim()).join(', ');
  return (
    <section className="rc-card rc-pickup-card" aria-labelledby="pickup-address-title">
      <header className="rc-pickup-card__header">
        <h2 id="pickup-address-title">{t('pickup.addressTitle')}</h2>
        {onSave ? (
          <button
            type="button"
            className="rc-button rc-button--secondary"
            aria-label={t('pickup.editAddress')}
            aria-busy={opening || undefined}
            onClick={() => setOpening(true)}
          >
            {t('pickup.edit')}
          </button>
        ) : null}
      </header>
      <address className="rc-pickup-card__lines">
        <span>{value(address.address1)}</span>
        <span>{value(address.apartment)}</span>
        <span>{value(cityLine)}</span>
        <span>{t('pickup.unitedStates')}</span>
        <span>{value(address.email)}</span>
        <span>{address.phone.trim() ? `${PICKUP_PHONE_PREFIX} ${address.phone}` : value('')}</span>
      </address>
      {open && onSave ? (
        <PickupAddressDialog
          address={address}
          onClose={() => setOpen(false)}
          onSave={(saved) => {
            onSave(saved);
            setOpen(false);
          }}
        />
      ) : null}
    </section>
  );
}
