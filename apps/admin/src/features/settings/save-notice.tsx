import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './use-settings-draft';

/**
 * A save that did not go through, above the form. A conflict (someone saved after this page read the settings) keeps
 * the merchant's edits on screen, unsaved, until they choose to load the other save: nothing is overwritten unseen.
 */
export function SaveNotice({ state, loadTheirs }: { state: SaveState; loadTheirs: () => void }) {
  const { t } = useTranslation();
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.kind === 'conflict' || state.kind === 'failed') notice.current?.scrollIntoView({ block: 'nearest' });
  }, [state.kind]);
  if (state.kind === 'failed')
    return (
      <div ref={notice} className="notice error-notice" role="alert">
        <p>{t('settings.failed', { message: state.message })}</p>
      </div>
    );
  if (state.kind !== 'conflict' && state.kind !== 'loading') return null;
  return (
    <div ref={notice} className="notice error-notice" role="alert">
      <p>
        <strong>{t('settings.conflict.title')}</strong> {t('settings.conflict.body')}
      </p>
      <button type="button" className="button" disabled={state.kind === 'loading'} onClick={loadTheirs}>
        {state.kind === 'loading' ? t('common.loading') : t('settings.conflict.load')}
      </button>
    </div>
  );
}
