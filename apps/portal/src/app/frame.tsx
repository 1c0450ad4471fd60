import type { StoreStyle } from '@return-center/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../shared/i18n';
import { loadPageSetting, useLoadedConfig } from '../shared/config-store';
import { readQueryParams } from '../shared/query-params';
import { useSession } from '../shared/session-store';
import { LoadingOverlay } from '../shared/ui/loader';
import { Toaster } from '../shared/ui/toaster';
import { appUrl, basePath } from '../shared/base-path';

/**
 * Page frame: the merchant's header, a language selector, the page, a footer linking the shop's accessibility
 * statement, toasts and the loading overlay.
 */
export function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const config = useLoadedConfig();
  const language = useSession((state) => state.language);
  const setLanguage = useSession((state) => state.setLanguage);
  const shopUrl = useSession((state) => state.shopUrl);
  const top = config.style.portal_top_content;

  return (
    <div className="rc-page">
      <a className="rc-skip" href="#rc-main">
        {t('app.skipToContent')}
      </a>
      <header className="rc-header">
        <TopContent content={top} storeName={config.store_name} fallback={t('app.title')} />
        <label className="rc-language">
          <span className="rc-visually-hidden">{t('app.language')}</span>
          <select
            value={language}
            aria-label={t('app.language')}
            onChange={(event) => {
              setLanguage(event.target.value);
              void changeLanguage(event.target.value, { chosenByShopper: true });
              // The merchant's own texts may differ per language.
              void loadPageSetting(useSession.getState().shopUrl, event.target.value, readQueryParams().themeColor);
            }}
          >
            {config.lang.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main id="rc-main" className="rc-main">
        {children}
      </main>
      <footer className="rc-footer">
        <a href={`${basePath}/accessibility?shop=${encodeURIComponent(shopUrl)}`}>{t('app.accessibility')}</a>
        {config.is_remove_brand ? null : <p>{t('app.poweredBy')}</p>}
      </footer>
      <Toaster />
      <LoadingOverlay />
    </div>
  );
}

/**
 * The header's text, or the shop's logo with its name beside it (the logo is decorative then, the name says who);
 * with a URL it links to the shop (http or https only).
 */
function TopContent({
  content,
  storeName,
  fallback,
}: {
  content: StoreStyle['portal_top_content'];
  storeName: string;
  fallback: string;
}) {
  const inner =
    content.type === 'logo' && content.value ? (
      <>
        <img className="rc-logo" src={appUrl(content.value)} alt={storeName ? '' : fallback} />
        {storeName ? <span className="rc-brand">{storeName}</span> : null}
      </>
    ) : (
      <span className="rc-brand">{content.value || fallback}</span>
    );
  return /^https?:\/\//.test(content.url) ? (
    <a className="rc-brand-link" href={content.url}>
      {inner}
    </a>
  ) : (
    <p className="rc-brand-line">{inner}</p>
  );
}
