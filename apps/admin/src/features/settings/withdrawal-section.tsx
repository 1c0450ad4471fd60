import type { WithdrawalSetting } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../shared/session';
import { NumberControl, parseNumber, Section, SettingsField } from './controls';
import type { SectionProps } from './section-props';

const MODES = ['auto', 'on', 'off'] as const;
const modeOf = (enabled: boolean | null) => (enabled === null ? 'auto' : enabled ? 'on' : 'off');
const enabledOf = (mode: string) => (mode === 'auto' ? null : mode === 'on');

/**
 * The EU withdrawal function (ADR 046): automatic (on for shops in euros or returning to the EU/EEA), on or off, and
 * the period, never shorter than the law's 14 days; with the stable link a shop can put in its footer and emails.
 */
export function WithdrawalSection({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  const { shop } = useSignedIn();
  const setting = draft.withdrawal;
  const set = (change: Partial<WithdrawalSetting>) => update('withdrawal', { ...setting, ...change });
  const link = `${window.location.origin}/withdraw?shop=${encodeURIComponent(shop.shop_url)}`;
  return (
    <Section id="withdrawal" title={t('settings.sections.withdrawal')}>
      <p className="hint">{t('settings.withdrawal.intro')}</p>
      <div className="settings-row">
        <SettingsField name="withdrawal.enabled" label={t('settings.field.withdrawal.enabled')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              value={modeOf(setting.enabled)}
              onChange={(e) => set({ enabled: enabledOf(e.target.value) })}
            >
              {MODES.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`settings.withdrawal.${mode}`)}
                </option>
              ))}
            </select>
          )}
        </SettingsField>
        <NumberControl
          name="withdrawal.period_days"
          label={t('settings.field.withdrawal.period_days')}
          hint={t('settings.withdrawal.periodHint')}
          error={errorOf('withdrawal.period_days')}
          parse={parseNumber}
          format={String}
          suffix={t('settings.rules.days')}
          value={setting.period_days}
          onChange={(value) => set({ period_days: value })}
        />
      </div>
      <p className="hint">{t('settings.withdrawal.link', { url: link })}</p>
    </Section>
  );
}
