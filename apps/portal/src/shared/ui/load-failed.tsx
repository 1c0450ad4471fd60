import { useTranslation } from 'react-i18next';

/** What a screen shows when its data could not be loaded: the reason was already toasted (spec §8); this offers a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="rc-empty" role="alert">
      <p>{t('app.loadFailed')}</p>
      <button type="button" className="rc-button" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
