import type { StoreConfig } from '@return-center/contract';
import { appUrl } from './base-path';
import { pageNonce } from './page-nonce';

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;
const safeColor = (value: string, fallback: string) => (COLOR.test(value.trim()) ? value.trim() : fallback);
/** An http(s) URL, or '' for anything else: a blank value would resolve to the page itself and fetch it again. */
const safeUrl = (value: string) => {
  if (!value.trim()) return '';
  try {
    const url = new URL(appUrl(value), window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
};

/** Applies the merchant's look to CSS custom properties on :root (spec §4: theme colour, radius, button text). */
export function applyTheme(config: StoreConfig, themeColorOverride = ''): void {
  const { style } = config;
  const root = document.documentElement.style;
  const primary = safeColor(themeColorOverride || style.return_page_primary_color, '#000000');
  const buttonText = safeColor(style.primary_btn_text_color, '#ffffff');
  root.setProperty('--rc-primary', primary);
  // The server serves a button text colour that reads on the shop's own colour (AA). On a colour from the address,
  // the domain's shopperStyle (the server's rule) decides it, loaded only then: the login route carries no colour maths.
  root.setProperty('--rc-button-text', buttonText);
  if (themeColorOverride)
    void import('@return-center/domain/shopper-look').then(({ shopperStyle }) => {
      if (root.getPropertyValue('--rc-primary') !== primary) return;
      const onAddressColor = shopperStyle({
        ...style,
        return_page_primary_color: primary,
        primary_btn_text_color: buttonText,
      });
      root.setProperty('--rc-button-text', onAddressColor.primary_btn_text_color);
    });
  root.setProperty('--rc-radius', `${Math.max(0, Math.min(64, style.login_pop_up.corner_radius))}px`);
  root.setProperty('--rc-popup-opacity', String(Math.max(0, Math.min(100, style.login_pop_up.opacity)) / 100));
  root.setProperty('--rc-logo-width', `${style.portal_top_logo_width}px`);
  const background = safeUrl(style.background_image);
  root.setProperty('--rc-background-image', background ? `url("${background.replace(/"/g, '%22')}")` : 'none');
  if (!style.font_family.isDefault && style.font_family.font) loadFont(style.font_family.font, style.font_family.link);
  applyCustomCss(config.custom_css);
}

/** The merchant's extra CSS (sanitised by the server), as text in its own style element. */
function applyCustomCss(css: string): void {
  let element = document.getElementById('rc-custom-css');
  if (!css) return element?.remove();
  if (!element) {
    element = document.createElement('style');
    element.id = 'rc-custom-css';
    element.nonce = pageNonce();
    document.head.append(element);
  }
  element.textContent = css;
}

/** Loads a web font stylesheet (http or https only) and makes it the page font. */
export function loadFont(font: string, href: string): void {
  const link = safeUrl(href);
  if (link && !document.querySelector(`link[data-rc-font="${CSS.escape(link)}"]`)) {
    const element = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: link });
    element.dataset.rcFont = link;
    document.head.append(element);
  }
  document.documentElement.style.setProperty(
    '--rc-font',
    `"${font.replace(/["\\;{}<>]/g, '')}", system-ui, sans-serif`,
  );
}
