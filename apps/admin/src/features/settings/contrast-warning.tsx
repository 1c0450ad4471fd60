import { AA_NORMAL_TEXT, contrastRatio, readableTextOn } from '@return-center/domain/contrast';
import { useTranslation } from 'react-i18next';
import { passingShade } from './contrast-fix';

interface Props {
  primary: string;
  text: string;
  apply: (change: { primary?: string; text?: string }) => void;
}

/**
 * Button text that fails WCAG AA (4.5:1) on the theme colour: how far off it is, what shoppers get instead (the server
 * swaps in black or white), and two fixes a click applies: that readable text colour, or the nearest shade of the
 * theme colour that carries the chosen text.
 */
export function ContrastWarning({ primary, text, apply }: Props) {
  const { t } = useTranslation();
  const ratio = contrastRatio(primary, text);
  const failing = ratio !== null && ratio < AA_NORMAL_TEXT;
  const readable = readableTextOn(primary, text);
  const shade = failing ? passingShade(primary, text) : null;
  const darker = shade !== null && (contrastRatio(shade, '#000000') ?? 0) < (contrastRatio(primary, '#000000') ?? 0);
  return (
    <div aria-live="polite">
      {failing ? (
        <div className="notice warning-notice settings-contrast">
          <p>
            {t('settings.contrast.warning', { ratio: ratio.toFixed(2), needed: AA_NORMAL_TEXT })}{' '}
            {t('settings.contrast.fallback', { color: readable })}
          </p>
          <div className="settings-contrast-fixes">
            <button type="button" className="button secondary small" onClick={() => apply({ text: readable })}>
              <span className="settings-swatch" style={{ background: readable }} aria-hidden="true" />
              {t('settings.contrast.useText', { color: readable })}
            </button>
            {shade ? (
              <button type="button" className="button secondary small" onClick={() => apply({ primary: shade })}>
                <span className="settings-swatch" style={{ background: shade }} aria-hidden="true" />
                {t(darker ? 'settings.contrast.useDarker' : 'settings.contrast.useLighter', { color: shade })}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
      {ratio === null ? <p className="hint">{t('settings.contrast.unreadable')}</p> : null}
    </div>
  );
}
