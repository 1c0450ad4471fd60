import type { ReturnSetting } from '@return-center/contract';
import { minorToDecimal, parseMinor } from '@return-center/domain';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../shared/session';
import { Checkbox, NumberControl, parseNumber, Section, SettingsField } from './controls';
import type { SectionProps } from './section-props';

/** Decimal text in the shop's currency → minor units, NaN when it is no amount of that currency. */
const moneyParser = (currency: string) => (text: string) => {
  try {
    return text.trim() ? parseMinor(text, currency) : Number.NaN;
  } catch {
    return Number.NaN;
  }
};

/**
 * The return rules: window, fees, restocking, shipping refund, whether shoppers see the amounts, green returns and the
 * store-credit bonus.
 */
export function RulesSection({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  const { currency } = useSignedIn().shop;
  const rules = draft.return_setting;
  const set = (change: Partial<ReturnSetting>) => update('return_setting', { ...rules, ...change });
  const bonus = rules.credit_bonus;
  const field = (key: string, hint?: string) => ({
    name: `return_setting.${key}`,
    label: t(`settings.field.return_setting.${key}`),
    hint,
    error: errorOf(`return_setting.${key}`),
  });
  const number = { parse: parseNumber, format: String };
  const money = {
    parse: moneyParser(currency),
    format: (amount: number) => minorToDecimal(amount, currency),
    suffix: currency,
  };
  return (
    <Section id="return_setting" title={t('settings.sections.rules')}>
      <p className="hint">{t('settings.rules.byRules')}</p>
      <div className="settings-row">
        <NumberControl
          {...field('return_window_days', t('settings.rules.windowHint'))}
          {...number}
          suffix={t('settings.rules.days')}
          value={rules.return_window_days}
          onChange={(value) => set({ return_window_days: value })}
        />
        <NumberControl
          {...field('restocking_fee_percent')}
          {...number}
          suffix="%"
          value={rules.restocking_fee_percent}
          onChange={(value) => set({ restocking_fee_percent: value })}
        />
      </div>
      <div className="settings-row">
        <NumberControl
          {...field('return_fee', t('settings.rules.moneyHint', { currency }))}
          {...money}
          value={rules.return_fee}
          onChange={(value) => set({ return_fee: value })}
        />
        <NumberControl
          {...field('label_fee', t('settings.rules.moneyHint', { currency }))}
          {...money}
          value={rules.label_fee}
          onChange={(value) => set({ label_fee: value })}
        />
      </div>
      <Checkbox
        name="return_setting.refund_shipping"
        label={t('settings.field.return_setting.refund_shipping')}
        checked={rules.refund_shipping}
        onChange={(on) => set({ refund_shipping: on })}
      />
      <Checkbox
        name="hidden_refund"
        label={t('settings.field.hidden_refund')}
        hint={t('settings.rules.hiddenRefundHint')}
        checked={draft.hidden_refund === 1}
        onChange={(on) => update('hidden_refund', on ? 1 : 2)}
      />
      <h3>{t('settings.rules.green')}</h3>
      <div className="settings-row">
        <NumberControl
          {...field('green_return_max', t('settings.rules.greenMaxHint'))}
          {...money}
          value={rules.green_return_max}
          onChange={(value) => set({ green_return_max: value })}
        />
        <NumberControl
          {...field('green_return_max_days', t('settings.rules.greenDaysHint'))}
          {...number}
          suffix={t('settings.rules.days')}
          value={rules.green_return_max_days}
          onChange={(value) => set({ green_return_max_days: value })}
        />
      </div>
      <h3>{t('settings.rules.bonus')}</h3>
      <p className="hint">{t('settings.rules.bonusHint')}</p>
      <div className="settings-row">
        <SettingsField
          name="return_setting.credit_bonus.type"
          label={t('settings.field.return_setting.credit_bonus.type')}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              value={bonus.type}
              onChange={(e) =>
                set({ credit_bonus: { ...bonus, type: e.target.value as 'percent' | 'fixed', value: 0 } })
              }
            >
              <option value="percent">{t('settings.rules.percent')}</option>
              <option value="fixed">{t('settings.rules.fixed', { currency })}</option>
            </select>
          )}
        </SettingsField>
        <NumberControl
          {...field('credit_bonus')}
          label={t('settings.field.return_setting.credit_bonus.value')}
          error={errorOf('return_setting.credit_bonus', 'return_setting.credit_bonus.value')}
          {...(bonus.type === 'percent' ? { ...number, suffix: '%' } : money)}
          value={bonus.value}
          onChange={(value) => set({ credit_bonus: { ...bonus, value } })}
        />
        <NumberControl
          {...field('credit_bonus.max', t('settings.rules.bonusMaxHint'))}
          {...money}
          value={bonus.max}
          onChange={(max) => set({ credit_bonus: { ...bonus, max } })}
        />
      </div>
    </Section>
  );
}
