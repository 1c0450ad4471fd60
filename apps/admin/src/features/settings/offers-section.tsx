import { useTranslation } from 'react-i18next';
import { METHODS, methodName, SOLUTIONS, solutionName } from '../../shared/labels';
import { CheckboxGroup, Section } from './controls';
import type { SectionProps } from './section-props';

/** What shoppers may ask for and how they may send items back; the server offers those it can carry out. */
export function OffersSection({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  return (
    <Section id="solutions" title={t('settings.sections.offers')}>
      <CheckboxGroup
        name="solutions"
        legend={t('settings.field.solutions')}
        hint={t('settings.offers.solutionsHint')}
        error={errorOf('solutions')}
        options={SOLUTIONS.map((id) => [id, solutionName(t, id)] as const)}
        value={draft.solutions}
        onChange={(ids) => update('solutions', ids.map(Number))}
      />
      <CheckboxGroup
        name="shipping_methods"
        legend={t('settings.field.shipping_methods')}
        error={errorOf('shipping_methods')}
        options={METHODS.map((id) => [id, methodName(t, id)] as const)}
        value={draft.shipping_methods}
        onChange={(ids) => update('shipping_methods', ids.map(Number))}
      />
    </Section>
  );
}
