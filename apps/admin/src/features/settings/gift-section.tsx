import { useTranslation } from 'react-i18next';
import { SOLUTIONS, solutionName } from '../../shared/labels';
import { Checkbox, CheckboxGroup, Section } from './controls';
import type { SectionProps } from './section-props';

/** Gift returns (ADR 044): whether recipients may return by order number and postcode, what they may choose, who hears. */
export function GiftSection({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  const gift = draft.gift_returns;
  const change = (patch: Partial<typeof gift>) => update('gift_returns', { ...gift, ...patch });
  return (
    <Section id="gift_returns" title={t('settings.sections.gift')}>
      <Checkbox
        name="gift_returns.enabled"
        label={t('settings.field.gift_returns.enabled')}
        hint={t('settings.gift.enabledHint')}
        checked={gift.enabled}
        onChange={(enabled) => change({ enabled })}
      />
      <CheckboxGroup
        name="gift_returns.solutions"
        legend={t('settings.field.gift_returns.solutions')}
        hint={t('settings.gift.solutionsHint')}
        error={errorOf('gift_returns.solutions')}
        options={SOLUTIONS.map((id) => [id, solutionName(t, id)] as const)}
        value={gift.solutions}
        onChange={(ids) => change({ solutions: ids.map(Number) })}
      />
      <Checkbox
        name="gift_returns.tell_buyer"
        label={t('settings.field.gift_returns.tell_buyer')}
        hint={t('settings.gift.tellBuyerHint')}
        checked={gift.tell_buyer}
        onChange={(tell_buyer) => change({ tell_buyer })}
      />
    </Section>
  );
}
