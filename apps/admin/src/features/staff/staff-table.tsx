import { consolePath, consoleRoutes, type StaffAccount } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../shared/api';
import { date } from '../../shared/format';
import { useSignedIn } from '../../shared/session';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Failed, Loading } from '../../shared/ui/page';
import { StackedTable } from '../../shared/ui/stacked-table';
import { useConfirmedRemoval } from '../../shared/use-confirmed-removal';

const STAFF = ['staff'] as const;

/** The shop's accounts; each but one's own can be removed after a confirmation. On a phone each row is a card. */
export function StaffTable() {
  const { t } = useTranslation();
  const me = useSignedIn().account;
  const staff = useQuery({
    queryKey: STAFF,
    queryFn: () => get(consolePath('listStaff'), consoleRoutes.listStaff.answer),
  });
  const removing = useConfirmedRemoval<StaffAccount>((id) => consolePath('removeStaff', id), STAFF);
  if (staff.isPending) return <Loading label={t('common.loading')} />;
  if (staff.isError) return <Failed message={staff.error.message} retry={() => void staff.refetch()} />;
  const columns = {
    name: t('staff.name'),
    email: t('staff.email'),
    role: t('staff.role'),
    secondFactor: t('staff.secondFactor'),
    since: t('staff.since'),
  };
  return (
    <>
      <StackedTable caption={t('staff.caption')} columns={columns} actions={t('staff.actions')}>
        {staff.data.map((account) => (
          <tr key={account.id}>
            <td data-label={columns.name}>{account.name}</td>
            <td data-label={columns.email} className="wrap-anywhere">
              {account.email}
            </td>
            <td data-label={columns.role}>{t(`staff.roleNames.${account.role}`)}</td>
            <td data-label={columns.secondFactor}>{account.totp_enabled ? t('staff.on') : t('staff.off')}</td>
            <td data-label={columns.since}>{date(account.created_at)}</td>
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
      </StackedTable>
      <ConfirmDialog
        {...removing.dialog}
        title={t('staff.removeTitle', { email: removing.target?.email ?? '' })}
        confirmLabel={t('staff.remove')}
      >
        <p>{t('staff.removeBody')}</p>
      </ConfirmDialog>
    </>
  );
}
