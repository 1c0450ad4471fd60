import type { StoreStyle } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { ColorControl } from './color-control';
import { ContrastWarning } from './contrast-warning';
import { NumberControl, parseNumber, Section, TextControl } from './controls';
import { anchorId } from './issues';
import type { SectionProps } from './section-props';

/** The portal's look: theme and button colours (with their contrast), the header's logo or name, picture, font, corners. */
export function LookSection({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  const { style } = draft;
  const set = (change: Partial<StoreStyle>) => update('style', { ...style, ...change });
  const header = style.portal_top_content;
  const font = style.font_family;
  const path = (key: string) => `style.${key}`;
  const field = (key: string) => ({
    name: path(key),
    label: t(`settings.field.${path(key)}`),
    error: errorOf(path(key)),
  });
  const number = { parse: parseNumber, format: String };
  return (
    <Section id="style" title={t('settings.sections.look')}>
      <div className="settings-row">
        <ColorControl
          {...field('return_page_primary_color')}
          pickerLabel={t('settings.look.pickPrimary')}
          value={style.return_page_primary_color}
          onChange={(value) => set({ return_page_primary_color: value })}
        />
        <ColorControl
          {...field('primary_btn_text_color')}
          pickerLabel={t('settings.look.pickButtonText')}
          value={style.primary_btn_text_color}
          onChange={(value) => set({ primary_btn_text_color: value })}
        />
      </div>
      <ContrastWarning
        primary={style.return_page_primary_color}
        text={style.primary_btn_text_color}
        apply={({ primary, text }) =>
          set({
            ...(primary ? { return_page_primary_color: primary } : {}),
            ...(text ? { primary_btn_text_color: text } : {}),
          })
        }
      />
      <fieldset className="settings-group" id={anchorId('style.portal_top_content')}>
        <legend>{t('settings.field.style.portal_top_content.label')}</legend>
        <div className="settings-group-options">
          {(['logo', 'text'] as const).map((type) => (
            <label key={type}>
              <input
                type="radio"
                name="header-type"
                checked={header.type === type}
                onChange={() => set({ portal_top_content: { ...header, type } })}
              />{' '}
              {t(`settings.look.headerType.${type}`)}
            </label>
          ))}
        </div>
        <TextControl
          {...field('portal_top_content.value')}
          label={t(header.type === 'logo' ? 'settings.look.logoUrl' : 'settings.look.headerText')}
          type={header.type === 'logo' ? 'url' : 'text'}
          value={header.value}
          onChange={(value) => set({ portal_top_content: { ...header, value } })}
        />
        <TextControl
          {...field('portal_top_content.url')}
          hint={t('settings.look.headerLinkHint')}
          type="url"
          value={header.url}
          onChange={(url) => set({ portal_top_content: { ...header, url } })}
        />
        {header.type === 'logo' ? (
          <NumberControl
            {...field('portal_top_logo_width')}
            {...number}
            suffix="px"
            value={style.portal_top_logo_width}
            onChange={(value) => set({ portal_top_logo_width: value })}
          />
        ) : null}
      </fieldset>
      <TextControl
        {...field('background_image')}
        hint={t('settings.look.backgroundHint')}
        type="url"
        value={style.background_image}
        onChange={(value) => set({ background_image: value })}
      />
      <fieldset className="settings-group" id={anchorId('style.font_family')}>
        <legend>{t('settings.field.style.font_family.label')}</legend>
        <label className="settings-inline">
          <input
            type="checkbox"
            checked={font.isDefault}
            onChange={(e) => set({ font_family: { ...font, isDefault: e.target.checked } })}
          />{' '}
          {t('settings.look.defaultFont')}
        </label>
        {font.isDefault ? null : (
          <div className="settings-row">
            <TextControl
              {...field('font_family.font')}
              label={t('settings.look.fontName')}
              value={font.font}
              onChange={(value) => set({ font_family: { ...font, font: value } })}
            />
            <TextControl
              {...field('font_family.link')}
              hint={t('settings.look.fontLinkHint')}
              type="url"
              value={font.link}
              onChange={(link) => set({ font_family: { ...font, link } })}
            />
          </div>
        )}
      </fieldset>
      <fieldset className="settings-group" id={anchorId('style.ex_product_page')}>
        <legend>{t('settings.field.style.ex_product_page.label')}</legend>
        <div className="settings-row">
          <TextControl
            {...field('ex_product_page.title')}
            value={style.ex_product_page.title}
            onChange={(title) => set({ ex_product_page: { ...style.ex_product_page, title } })}
          />
          <TextControl
            {...field('ex_product_page.logo')}
            type="url"
            value={style.ex_product_page.logo}
            onChange={(logo) => set({ ex_product_page: { ...style.ex_product_page, logo } })}
          />
        </div>
      </fieldset>
      <div className="settings-row">
        <NumberControl
          {...field('login_pop_up.corner_radius')}
          {...number}
          suffix="px"
          value={style.login_pop_up.corner_radius}
          onChange={(value) => set({ login_pop_up: { ...style.login_pop_up, corner_radius: value } })}
        />
        <NumberControl
          {...field('login_pop_up.opacity')}
          {...number}
          suffix="%"
          value={style.login_pop_up.opacity}
          onChange={(value) => set({ login_pop_up: { ...style.login_pop_up, opacity: value } })}
        />
      </div>
    </Section>
  );
}
