import type { InstantExchangeSettings } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Checkbox, NumberControl, parseNumber, Section } from './controls';
import type { SectionProps } from './section-props';

/** Instant exchanges (ADR 047): on or off for every exchange, and how long a hold waits for the parcel. */
export function InstantSection({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  const setting = draft.instant_exchange;
  const set = (change: Partial<InstantExchangeSettings>) => update('instant_exchange', { ...setting, ...change });
  return (
    <Section id="instant_exchange" title={t('settings.sections.instant_exchange')}>
      <p className="hint">{t('settings.instant.intro')}</p>
      <Checkbox
        name="instant_exchange.enabled"
        label={t('settings.field.instant_exchange.enabled')}
        checked={setting.enabled}
        onChange={(enabled) => set({ enabled })}
      />
      <NumberControl
        name="instant_exchange.capture_after_days"
        label={t('settings.field.instant_exchange.capture_after_days')}
        hint={t('settings.instant.daysHint')}
        error={errorOf('instant_exchange.capture_after_days')}
        parse={parseNumber}
        format={String}
        suffix={t('settings.rules.days')}
        value={setting.capture_after_days}
        onChange={(value) => set({ capture_after_days: value })}
      />
    </Section>
  );
}
