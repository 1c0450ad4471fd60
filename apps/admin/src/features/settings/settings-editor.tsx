import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveGuard } from '../../shared/ui/leave-guard';
import { useSignedIn } from '../../shared/session';
import { Page } from '../../shared/ui/page';
import { AddressSection } from './address-section';
import { AdvancedSection } from './advanced-section';
import { GiftSection } from './gift-section';
import { IssueSummary } from './issue-summary';
import { errorsFor, validate } from './issues';
import { LookSection } from './look-section';
import { OffersSection } from './offers-section';
import { PortalSection } from './portal-section';
import { PreviewPane } from './preview-pane';
import { ReasonsSection } from './reasons-section';
import { RetentionSection } from './retention-section';
import { RulesSection } from './rules-section';
import { SaveNotice } from './save-notice';
import { StatementSection } from './statement-section';
import { DEFAULT_TEXT_LANGUAGE } from './section-props';
import { TextsSection } from './texts-section';
import { useSettingsDraft, type Loaded } from './use-settings-draft';
import { WithdrawalSection } from './withdrawal-section';

/** The settings form beside its live preview; the draft is checked against the contract as it is typed. */
export function SettingsEditor({ initial }: { initial: Loaded }) {
  const { t, i18n } = useTranslation();
  const owner = useSignedIn().account.role === 'owner';
  const { draft, dirty, update, state, save, loadTheirs, resolve } = useSettingsDraft(initial);
  const [lang, setLang] = useState(DEFAULT_TEXT_LANGUAGE);
  const [attempt, setAttempt] = useState(0);
  const issues = useMemo(() => validate(draft, i18n), [draft, i18n]);
  const props = { draft, update, errorOf: errorsFor(issues) };
  const busy = state.kind === 'saving' || state.kind === 'loading';
  const status =
    state.kind === 'saving'
      ? t('settings.saving')
      : state.kind === 'saved' && !dirty
        ? t('settings.saved')
        : dirty
          ? t('settings.unsaved')
          : '';
  return (
    <Page title={t('settings.title')}>
      <LeaveGuard dirty={dirty} body={t('settings.leave.body')} />
      {owner ? null : <p className="notice">{t('settings.ownerOnly')}</p>}
      <SaveNotice state={state} loadTheirs={() => void loadTheirs()} resolve={(choices) => void resolve(choices)} />
      <div className="settings-layout">
        <form
          className="settings-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setAttempt((n) => n + 1);
            if (issues.length === 0) void save();
          }}
        >
          <IssueSummary issues={issues} attempt={attempt} />
          <LookSection {...props} />
          <TextsSection {...props} lang={lang} setLang={setLang} />
          <RulesSection {...props} />
          <OffersSection {...props} />
          <GiftSection {...props} />
          <WithdrawalSection {...props} />
          <ReasonsSection {...props} lang={lang} />
          <PortalSection {...props} />
          <AdvancedSection {...props} />
          <AddressSection {...props} />
          <StatementSection {...props} lang={lang} />
          <RetentionSection {...props} />
          <div className="settings-savebar">
            <p role="status" className="settings-status">
              {status}
            </p>
            <button type="submit" className="button" disabled={busy || !owner} aria-busy={busy}>
              {t('settings.save')}
            </button>
          </div>
        </form>
        <PreviewPane draft={draft} lang={lang} />
      </div>
    </Page>
  );
}
