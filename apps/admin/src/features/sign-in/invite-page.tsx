import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../shared/api';
import { Field } from '../../shared/ui/field';
import { Page } from '../../shared/ui/page';
import { NewPasswordForm } from './new-password-form';
import { tokenFromLink } from './token-from-link';

export function Component() {
  const { t } = useTranslation();
  const token = tokenFromLink();
  const [name, setName] = useState('');
  return (
    <Page title={t('invite.title')}>
      <NewPasswordForm
        submitLabel={t('invite.submit')}
        done={t('invite.done')}
        save={(password) => consoleCall('acceptInvite', { token, name, password })}
      >
        <Field label={t('invite.name')}>
          {({ id }) => (
            <input id={id} autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
      </NewPasswordForm>
    </Page>
  );
}
