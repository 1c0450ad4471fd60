import type { StaffRole } from '@return-center/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall } from '../../shared/api';
import { Field } from '../../shared/ui/field';
import { Page } from '../../shared/ui/page';
import { InvitesTable, INVITES } from './invites-table';
import { StaffTable } from './staff-table';

/** The shop's accounts and pending invitations; the owner invites by email (the link works a week) and removes. */
export function Component() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const invite = useMutation({
    mutationFn: () => consoleCall('invite', { email, role }),
    onSuccess: () => void client.invalidateQueries({ queryKey: INVITES }),
  });
  return (
    <Page title={t('staff.title')}>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate();
        }}
      >
        <h2>{t('staff.invite')}</h2>
        <Field label={t('staff.email')} error={invite.error?.message}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="email"
              required
              aria-describedby={describedBy}
              value={email}
              onChange={(e) => {
                invite.reset();
                setEmail(e.target.value);
              }}
            />
          )}
        </Field>
        <fieldset className="field">
          <legend>{t('staff.role')}</legend>
          {(['staff', 'owner'] satisfies StaffRole[]).map((value) => (
            <label key={value} className="choice">
              <input type="radio" name="role" value={value} checked={role === value} onChange={() => setRole(value)} />{' '}
              {t(`staff.roles.${value}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button" disabled={invite.isPending}>
          {t('staff.send')}
        </button>
        {invite.isSuccess ? <p role="status">{t('staff.sent', { email })}</p> : null}
      </form>
      <StaffTable />
      <InvitesTable />
    </Page>
  );
}
