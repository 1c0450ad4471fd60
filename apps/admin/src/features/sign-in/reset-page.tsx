import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../shared/api';
import { Page } from '../../shared/ui/page';
import { NewPasswordForm } from './new-password-form';
import { tokenFromLink } from './token-from-link';

export function Component() {
  const { t } = useTranslation();
  const token = tokenFromLink();
  return (
    <Page title={t('reset.title')}>
      <NewPasswordForm
        submitLabel={t('reset.submit')}
        done={t('reset.done')}
        save={(password) => consoleCall('resetPassword', { token, password })}
      />
    </Page>
  );
}
