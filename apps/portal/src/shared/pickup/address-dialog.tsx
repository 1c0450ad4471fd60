import { Code, PICKUP_PHONE_PREFIX, TOAST_DURATIONS, type PickupAddress } from '@return-center/contract';
import { maskPhone, PICKUP_FIELD_MAX } from '@return-center/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi } from '../ui-store';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field } from '../ui/field';
import { addressErrorKeys, ADDRESS_FIELDS } from './address-errors';
import { AddressSearch } from './address-search';
import { useRegions, validateAddress } from './api';

type Editable = (typeof ADDRESS_FIELDS)[number];

/**
 * "Edit pickup address" (spec screen 10, §5): each field's rule shows once it was touched; Save waits for a change, no
 * empty field and no error, then the server checks the address first and a refusal keeps the dialog open.
 */
export function PickupAddressDialog({
  address,
  onClose,
  onSave,
}: {
  address: PickupAddress;
  onClose: () => void;
  onSave: (address: PickupAddress) => void;
}) {
  const { t } = useTranslation();
  const toast = useUi((state) => state.toast);
  const regions = useRegions();
  const [draft, setDraft] = useState(address);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const errors = addressErrorKeys(draft);
  const changed = ADDRESS_FIELDS.some((field) => draft[field] !== address[field]);
  const empty = ADDRESS_FIELDS.some((field) => !draft[field].trim());
  const canSave = changed && !empty && Object.keys(errors).length === 0 && !saving;

  const set = (field: Editable, value: string) => {
    setDraft((current) => ({ ...current, [field]: field === 'phone' ? maskPhone(value) : value }));
    setTouched((current) => new Set(current).add(field));
  };
  const errorOf = (field: Editable) => (touched.has(field) && errors[field] ? t(errors[field]) : undefined);
  const save = async () => {
    setSaving(true);
    try {
      const verdict = await validateAddress(draft);
      if (verdict.code !== Code.Success) {
        toast(verdict.msg || t('pickup.validationFailed'), {
          kind: 'error',
          key: 'pickup-address',
          duration: TOAST_DURATIONS.long,
        });
        return;
      }
      onSave(draft);
    } catch {
      toast(t('pickup.validationFailed'), { kind: 'error', key: 'pickup-address', duration: TOAST_DURATIONS.long });
    } finally {
      setSaving(false);
    }
  };
  const input = (field: Editable, type = 'text', autoComplete?: string) => (
    <Field
      label={t(`pickup.${field === 'province_code' ? 'province' : field}`)}
      type={type}
      value={draft[field]}
      // The phone's mask keeps it to 12 characters; a limit on the raw input would cut a pasted "(212) 555 0199".
      maxLength={
        field !== 'phone' && field in PICKUP_FIELD_MAX
          ? PICKUP_FIELD_MAX[field as keyof typeof PICKUP_FIELD_MAX]
          : undefined
      }
      autoComplete={autoComplete}
      required
      error={errorOf(field)}
      onChange={(event) => set(field, event.target.value)}
      onBlur={() => setTouched((current) => new Set(current).add(field))}
    />
  );

  return (
    <Dialog title={t('pickup.editAddress')} open onClose={onClose} hideClose>
      <form
        className="rc-form rc-pickup-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) void save();
        }}
      >
        <AddressSearch
          onFound={(found) => {
            setDraft((current) => ({
              ...current,
              address1: found.address_detail || current.address1,
              city: found.city,
              zip: found.zip,
              province_code: found.province_code,
            }));
            setTouched((current) => new Set([...current, 'address1', 'city', 'zip', 'province_code']));
          }}
        />
        <Field label={t('pickup.country')} value={t('pickup.unitedStates')} readOnly />
        {input('address1', 'text', 'address-line1')}
        {input('apartment', 'text', 'address-line2')}
        {input('city', 'text', 'address-level2')}
        <div className="rc-field">
          <label htmlFor="pickup-province">{t('pickup.province')}</label>
          <select
            id="pickup-province"
            value={draft.province_code}
            required
            aria-invalid={errorOf('province_code') ? true : undefined}
            onChange={(event) => set('province_code', event.target.value)}
          >
            <option value="">{t('pickup.chooseProvince')}</option>
            {(regions.data ?? []).map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
          </select>
          {errorOf('province_code') ? <p className="rc-field__error">{errorOf('province_code')}</p> : null}
        </div>
        {input('zip', 'text', 'postal-code')}
        <div className="rc-pickup-form__phone">
          <span aria-hidden="true">{PICKUP_PHONE_PREFIX}</span>
          {input('phone', 'tel', 'tel-national')}
        </div>
        {input('email', 'email', 'email')}
        <DialogActions onCancel={onClose} canSave={canSave} saving={saving} />
      </form>
    </Dialog>
  );
}
