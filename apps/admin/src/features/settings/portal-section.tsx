import { DATE_FORMATS, LOCALE_NAMES, LOCALES, type ShopSettings } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Checkbox, CheckboxGroup, Section, SettingsField } from './controls';
import type { SectionProps } from './section-props';

/** The portal's time formats (spec §9), as a shopper would read 9:05 in the evening. */
const TIME_FORMATS = [
  [0, '09:05:00 PM'],
  [1, '21:05'],
  [2, '9:05 PM'],
] as const;

const DATE_OPTIONS = Object.entries(DATE_FORMATS).map(([value, format]) => [Number(value), format] as const);

/** Languages offered, how dates and times read, and the "Powered by Return Center" line. */
export function PortalSection({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  const select = (
    key: 'date_format' | 'time_format',
    options: readonly (readonly [number, string])[],
    set: (value: number) => void,
  ) => (
    <SettingsField name={key} label={t(`settings.field.${key}`)} error={errorOf(key)}>
      {({ id, describedBy }) => (
        <select id={id} aria-describedby={describedBy} value={draft[key]} onChange={(e) => set(Number(e.target.value))}>
          {options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      )}
    </SettingsField>
  );
  return (
    <Section id="lang_list" title={t('settings.sections.portal')}>
      <CheckboxGroup
        name="lang_list"
        legend={t('settings.field.lang_list')}
        hint={t('settings.portal.languagesHint')}
        error={errorOf('lang_list')}
        options={LOCALES.map((code) => [code, LOCALE_NAMES[code]] as const)}
        value={draft.lang_list}
        onChange={(codes) => update('lang_list', codes as ShopSettings['lang_list'])}
      />
      <div className="settings-row">
        {select('date_format', DATE_OPTIONS, (value) => update('date_format', value as ShopSettings['date_format']))}
        {select('time_format', TIME_FORMATS, (value) => update('time_format', value as ShopSettings['time_format']))}
      </div>
      <Checkbox
        name="is_remove_brand"
        label={t('settings.field.is_remove_brand')}
        checked={draft.is_remove_brand === 1}
        onChange={(on) => update('is_remove_brand', on ? 1 : 0)}
      />
    </Section>
  );
}
