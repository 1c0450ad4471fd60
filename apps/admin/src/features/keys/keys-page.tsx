import { consolePath, consoleRoutes, KEY_LABEL_MAX, type ApiKeySummary } from '@return-center/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleCall, get } from '../../shared/api';
import { date } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { Field } from '../../shared/ui/field';
import { Failed, Loading, Page } from '../../shared/ui/page';
import { useConfirmedRemoval } from '../../shared/use-confirmed-removal';
import { TableScroll } from '../../shared/ui/table-scroll';

const KEYS = ['keys'] as const;

/** The owner's API keys for the merchant API: a new key is shown once; a revoked one stops working at once. */
export function Component() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: () => get(consolePath('listKeys'), consoleRoutes.listKeys.answer) });
  const [label, setLabel] = useState('');
  const revoking = useConfirmedRemoval<ApiKeySummary>((id) => consolePath('revokeKey', id), KEYS);
  const create = useMutation({
    mutationFn: () => consoleCall('createKey', { label }),
    onSuccess: () => {
      setLabel('');
      void client.invalidateQueries({ queryKey: KEYS });
    },
  });
  const created = create.data?.data;
  return (
    <Page title={t('keys.title')}>
      <p>{t('keys.intro')}</p>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <Field label={t('keys.label')} hint={t('keys.labelHint')} error={create.error?.message}>
          {({ id, describedBy }) => (
            <input
              id={id}
              required
              maxLength={KEY_LABEL_MAX}
              aria-describedby={describedBy}
              value={label}
              onChange={(e) => setLabel(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={create.isPending}>
          {t('keys.create')}
        </button>
        {created ? (
          <div role="status" className="notice">
            <p>{t('keys.createdOnce', { label: created.label })}</p>
            <p>
              <code className="secret">{created.key}</code>
            </p>
          </div>
        ) : null}
      </form>
      {keys.isPending ? <Loading label={t('common.loading')} /> : null}
      {keys.isError ? <Failed message={keys.error.message} retry={() => void keys.refetch()} /> : null}
      {keys.data ? (
        <TableScroll label={t('keys.caption')}>
          <table className="table">
            <caption className="visually-hidden">{t('keys.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('keys.label')}</th>
                <th scope="col">{t('keys.endsWith')}</th>
                <th scope="col">{t('keys.created')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('keys.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <td>{key.label}</td>
                  <td>
                    <code>…{key.hint}</code>
                  </td>
                  <td>{date(key.created_at)}</td>
                  <td>
                    <button type="button" className="button secondary small" onClick={() => revoking.ask(key)}>
                      {t('keys.revoke')}
                      <span className="visually-hidden"> {key.label}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <ConfirmDialog
        {...revoking.dialog}
        title={t('keys.revokeTitle', { label: revoking.target?.label ?? '' })}
        confirmLabel={t('keys.revoke')}
      >
        <p>{t('keys.revokeBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}
