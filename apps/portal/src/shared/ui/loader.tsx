import { useTranslation } from 'react-i18next';
import { useUi } from '../ui-store';

/** The full-page loader shown until the store configuration has loaded. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div className="rc-fullpage-loader" role="status" aria-label={t('app.loading')}>
      <span className="rc-spinner" aria-hidden="true" />
    </div>
  );
}

/** The global loading overlay, shown while any start action has no matching end. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const active = useUi((state) => state.overlayCount > 0);
  if (!active) return null;
  return (
    <div className="rc-overlay" role="status" aria-label={t('app.loading')}>
      <span className="rc-spinner" aria-hidden="true" />
    </div>
  );
}

export function InlineLoader({ label }: { label: string }) {
  return (
    <p className="rc-inline-loader" role="status">
      <span className="rc-spinner rc-spinner--small" aria-hidden="true" /> {label}
    </p>
  );
}
