import type { SettingsConflict } from '@return-center/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../shared/format';
import { shown, type Choice, type FieldChange } from './settings-diff';

/** Who saved the settings that won, in words. */
export function SavedBy({ theirs }: { theirs: SettingsConflict }) {
  const { t } = useTranslation();
  const at = theirs.saved_at > 0 ? dateTime(theirs.saved_at) : '';
  const by = theirs.saved_by;
  return <p>{t(`settings.conflict.by.${by.kind}`, { email: by.email, at })}</p>;
}

/**
 * What the other save changed, field by field: its value, the merchant's where they changed it too (with "keep mine"
 * or "take theirs"), and one button that saves the merchant's draft over theirs with those choices.
 */
export function ConflictFields({
  changes,
  busy,
  resolve,
}: {
  changes: FieldChange[];
  busy: boolean;
  resolve: (choices: Record<string, Choice>) => void;
}) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  return (
    <form
      className="conflict-fields"
      onSubmit={(event) => {
        event.preventDefault();
        resolve(choices);
      }}
    >
      <p>{t('settings.conflict.changed', { count: changes.length })}</p>
      <ul>
        {changes.map((change) => (
          <li key={change.path}>
            <fieldset>
              <legend>
                <code>{change.path}</code>
              </legend>
              <p>
                {t('settings.conflict.theirs')} <span className="conflict-value">{shown(change.theirs)}</span>
              </p>
              {change.clash ? (
                <>
                  <p>
                    {t('settings.conflict.mine')} <span className="conflict-value">{shown(change.mine)}</span>
                  </p>
                  <div className="conflict-choice">
                    {(['mine', 'theirs'] as const).map((choice) => (
                      <label key={choice}>
                        <input
                          type="radio"
                          name={`conflict-${change.path}`}
                          value={choice}
                          checked={(choices[change.path] ?? 'mine') === choice}
                          onChange={() => setChoices((current) => ({ ...current, [change.path]: choice }))}
                        />{' '}
                        {t(`settings.conflict.${choice === 'mine' ? 'keepMine' : 'takeTheirs'}`)}
                      </label>
                    ))}
                  </div>
                </>
              ) : (
                <p className="hint">{t('settings.conflict.onlyTheirs')}</p>
              )}
            </fieldset>
          </li>
        ))}
      </ul>
      <button type="submit" className="button" disabled={busy}>
        {t('settings.conflict.saveChoices')}
      </button>
    </form>
  );
}
