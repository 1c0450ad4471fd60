import { LOCALE_NAMES } from '@return-center/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { anchorId, focusSetting, issueLabel, type SettingsIssue } from './issues';

const names: Partial<Record<string, string>> = LOCALE_NAMES;
const languageName = (code: string) => names[code] ?? code;

/**
 * What keeps the draft from being saved, at the top of the form: each issue named by its field and linked to it.
 * `attempt` counts the saves tried: each one that meets issues brings focus to the heading, which is read out.
 */
export function IssueSummary({ issues, attempt }: { issues: SettingsIssue[]; attempt: number }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (attempt > 0) heading.current?.focus();
  }, [attempt]);
  if (attempt === 0 || issues.length === 0) return null;
  return (
    <div className="notice error-notice settings-summary">
      <h2 ref={heading} tabIndex={-1}>
        {t('settings.summary.title', { count: issues.length })}
      </h2>
      <ul>
        {issues.map((issue, index) => (
          <li key={`${issue.key}-${String(index)}`}>
            <a
              href={`#${anchorId(issue.key)}`}
              onClick={(event) => {
                event.preventDefault();
                focusSetting(issue.key);
              }}
            >
              {issueLabel(issue.key, i18n, languageName)}
            </a>
            : {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
