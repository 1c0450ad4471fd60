import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section, TextControl } from './controls';
import type { SectionProps } from './section-props';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Sites allowed to frame the portal (one origin a line) and the merchant's own CSS. */
export function AdvancedSection({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  const [origins, setOrigins] = useState(() => draft.embed_origins.join('\n'));
  // Their settings loaded, or a save came back: the lines follow unless they already say the same.
  if (lines(origins).join('\n') !== draft.embed_origins.join('\n')) setOrigins(draft.embed_origins.join('\n'));
  return (
    <Section id="embed_origins" title={t('settings.sections.advanced')}>
      <TextControl
        name="embed_origins"
        label={t('settings.field.embed_origins')}
        hint={t('settings.advanced.originsHint')}
        error={errorOf('embed_origins')}
        multiline
        className="settings-code"
        value={origins}
        onChange={(text) => {
          setOrigins(text);
          update('embed_origins', lines(text));
        }}
      />
      <TextControl
        name="custom_css"
        label={t('settings.field.custom_css')}
        hint={t('settings.advanced.cssHint')}
        error={errorOf('custom_css')}
        multiline
        className="settings-code"
        value={draft.custom_css}
        onChange={(css) => update('custom_css', css)}
      />
    </Section>
  );
}
