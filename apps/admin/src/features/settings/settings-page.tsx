import { useTranslation } from 'react-i18next';
import { useSettings } from '../../shared/settings-query';
import { Failed, Loading, Page } from '../../shared/ui/page';
import { SettingsEditor } from './settings-editor';
import './settings.css';

/** Settings with a live preview of the portal: every style, text and rule the shop has (issue 15). */
export function Component() {
  const { t } = useTranslation();
  const settings = useSettings();
  // Read once: a refetch (window focus) must not replace what the merchant is editing; saves and conflicts say when.
  if (settings.data) return <SettingsEditor initial={settings.data} />;
  return (
    <Page title={t('settings.title')}>
      {settings.isError ? (
        <Failed message={settings.error.message} retry={() => void settings.refetch()} />
      ) : (
        <Loading label={t('common.loading')} />
      )}
    </Page>
  );
}
