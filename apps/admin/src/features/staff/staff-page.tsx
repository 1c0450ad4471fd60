import { consolePath, consoleRoutes, type StaffAccount, type StaffRole } from '@return-center/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, get } from '../../shared/api';
import { date } from '../../shared/format';
import { useSignedIn } from '../../shared/session';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Field } from '../../shared/ui/field';
import { Failed, Loading, Page } from '../../shared/ui/page';
import { useConfirmedRemoval } from '../../shared/use-confirmed-removal';
import { TableScroll } from '../../shared/ui/table-scroll';

const STAFF = ['staff'] as const;

/** The shop's accounts; the owner invites by email (the link works a week) and removes accounts. */
export function Component() {
  const { t } = useTranslation();
  const me = useSignedIn().account;
  const staff = useQuery({
    queryKey: STAFF,
    queryFn: () => get(consolePath('listStaff'), consoleRoutes.listStaff.answer),
  });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const removing = useConfirmedRemoval<StaffAccount>((id) => consolePath('removeStaff', id), STAFF);
  const invite = useMutation({
    mutationFn: () => api('POST', consolePath('invite'), consoleRoutes.invite.answer, { email, role }),
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
          {(['staff', 'owner'] as const).map((value) => (
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
      {staff.isPending ? <Loading label={t('common.loading')} /> : null}
      {staff.isError ? <Failed message={staff.error.message} retry={() => void staff.refetch()} /> : null}
      {staff.data ? (
        <TableScroll label={t('staff.caption')}>
          <table className="table">
            <caption className="visually-hidden">{t('staff.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.name')}</th>
                <th scope="col">{t('staff.email')}</th>
                <th scope="col">{t('staff.role')}</th>
                <th scope="col">{t('staff.secondFactor')}</th>
                <th scope="col">{t('staff.since')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('staff.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.data.map((account) => (
                <tr key={account.id}>
                  <td>{account.name}</td>
                  <td>{account.email}</td>
                  <td>{t(`staff.roles.${account.role}`)}</td>
                  <td>{account.totp_enabled ? t('staff.on') : t('staff.off')}</td>
                  <td>{date(account.created_at)}</td>
                  <td>
                    {account.id === me.id ? null : (
                      <button type="button" className="button secondary small" onClick={() => removing.ask(account)}>
                        {t('staff.remove')}
                        <span className="visually-hidden"> {account.email}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <ConfirmDialog
        {...removing.dialog}
        title={t('staff.removeTitle', { email: removing.target?.email ?? '' })}
        confirmLabel={t('staff.remove')}
      >
        <p>{t('staff.removeBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}
