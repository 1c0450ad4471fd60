import { consolePath, consoleRoutes, type StaffInvite } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../shared/api';
import { date } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Failed, Loading } from '../../shared/ui/page';
import { StackedTable } from '../../shared/ui/stacked-table';
import { useConfirmedRemoval } from '../../shared/use-confirmed-removal';

export const INVITES = ['invites'] as const;

/** Invitations not yet accepted; revoking one (after a confirmation) makes its emailed link stop working. */
export function InvitesTable() {
  const { t } = useTranslation();
  const invites = useQuery({
    queryKey: INVITES,
    queryFn: () => get(consolePath('listInvites'), consoleRoutes.listInvites.answer),
  });
  const revoking = useConfirmedRemoval<StaffInvite>((id) => consolePath('revokeInvite', id), INVITES);
  const columns = {
    email: t('staff.email'),
    role: t('staff.role'),
    invited: t('staff.invited'),
    until: t('staff.until'),
  };
  return (
    <section aria-labelledby="invites-title" className="section">
      <h2 id="invites-title">{t('staff.pendingTitle')}</h2>
      {invites.isPending ? <Loading label={t('common.loading')} /> : null}
      {invites.isError ? <Failed message={invites.error.message} retry={() => void invites.refetch()} /> : null}
      {invites.data?.length === 0 ? <p className="muted">{t('staff.nonePending')}</p> : null}
      {invites.data?.length ? (
        <StackedTable caption={t('staff.pendingCaption')} columns={columns} actions={t('staff.actions')}>
          {invites.data.map((invite) => (
            <tr key={invite.id}>
              <td data-label={columns.email} className="wrap-anywhere">
                {invite.email}
              </td>
              <td data-label={columns.role}>{t(`staff.roleNames.${invite.role}`)}</td>
              <td data-label={columns.invited}>{date(invite.created_at)}</td>
              <td data-label={columns.until}>{date(invite.expires_at)}</td>
              <td>
                <button type="button" className="button secondary small" onClick={() => revoking.ask(invite)}>
                  {t('staff.revoke')}
                  <span className="visually-hidden"> {t('staff.revokeFor', { email: invite.email })}</span>
                </button>
              </td>
            </tr>
          ))}
        </StackedTable>
      ) : null}
      <ConfirmDialog
        {...revoking.dialog}
        title={t('staff.revokeTitle', { email: revoking.target?.email ?? '' })}
        confirmLabel={t('staff.revoke')}
      >
        <p>{t('staff.revokeBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
