import type { ShopSettings } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Section, TextControl } from './controls';
import type { SectionProps } from './section-props';

type Address = ShopSettings['return_address'];
const FIELDS: readonly (keyof Address)[] = [
  'name',
  'address1',
  'address2',
  'city',
  'province_code',
  'zip',
  'country_code',
];

/** Where shoppers send their returns: shown on the status page and the packing slip. */
export function AddressSection({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  const address = draft.return_address;
  return (
    <Section id="return_address" title={t('settings.sections.address')}>
      <div className="settings-columns">
        {FIELDS.map((key) => (
          <TextControl
            key={key}
            name={`return_address.${key}`}
            label={t(`settings.field.return_address.${key}`)}
            error={errorOf(`return_address.${key}`)}
            maxLength={key === 'country_code' ? 2 : undefined}
            value={address[key]}
            onChange={(value) =>
              update('return_address', { ...address, [key]: key === 'country_code' ? value.toUpperCase() : value })
            }
          />
        ))}
      </div>
    </Section>
  );
}
