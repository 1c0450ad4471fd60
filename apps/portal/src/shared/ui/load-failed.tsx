import { useTranslation } from 'react-i18next';

/** A query that can be asked again (TanStack Query's result has this shape). */
interface Retryable {
  refetch: () => Promise<unknown>;
}

/**
 * What a screen shows when its data could not be loaded: the reason was already toasted (spec §8); this offers a
 * retry, which asks again every query the screen needs.
 */
export function LoadFailed({ queries }: { queries: readonly Retryable[] }) {
  const { t } = useTranslation();
  return (
    <div className="rc-empty" role="alert">
      <p>{t('app.loadFailed')}</p>
      <button type="button" className="rc-button" onClick={() => queries.forEach((query) => void query.refetch())}>
        {t('app.retry')}
      </button>
    </div>
  );
}
