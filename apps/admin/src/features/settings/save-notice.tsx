import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictFields, SavedBy } from './conflict-fields';
import type { Choice } from './settings-diff';
import type { SaveState } from './use-settings-draft';

interface Props {
  state: SaveState;
  loadTheirs: () => void;
  resolve: (choices: Record<string, Choice>) => void;
}

/**
 * A save that did not go through, above the form. A conflict (someone saved after this page read the settings) keeps
 * the merchant's edits on screen, unsaved, says who saved and what they changed, field by field, and lets the merchant
 * keep theirs or take the other's per field, or load the other save whole: nothing is overwritten unseen.
 */
export function SaveNotice({ state, loadTheirs, resolve }: Props) {
  const { t } = useTranslation();
  const notice = useRef<HTMLDivElement>(null);
  const conflict = state.kind === 'conflict' ? state : null;
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
  const theirs = conflict?.theirs;
  return (
    <div ref={notice} className="notice error-notice conflict-notice" role="alert">
      <p>
        <strong>{t('settings.conflict.title')}</strong>{' '}
        {theirs ? t('settings.conflict.kept') : t('settings.conflict.body')}
      </p>
      {theirs ? <SavedBy theirs={theirs} /> : null}
      {conflict && theirs && conflict.changes.length > 0 ? (
        <ConflictFields changes={conflict.changes} busy={false} resolve={resolve} />
      ) : null}
      <button type="button" className="button secondary" disabled={state.kind === 'loading'} onClick={loadTheirs}>
        {state.kind === 'loading' ? t('common.loading') : t('settings.conflict.load')}
      </button>
    </div>
  );
}
