import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { runAction } from './queue-api';

/** Approves the picked requests one by one, showing how far it got and which ones the server refused. */
export function BulkApprove({ ids, done }: { ids: number[]; done: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const run = async () => {
    const failed: string[] = [];
    for (const [index, id] of ids.entries()) {
      setProgress(index);
      await runAction(id, 'approve').catch((error: unknown) =>
        failed.push(`#${String(id)}: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    setProgress(null);
    setFailures(failed);
    setOpen(false);
    await client.invalidateQueries({ queryKey: ['queue'] });
    await client.invalidateQueries({ queryKey: ['queue-counts'] });
    done();
  };
  return (
    <>
      <button type="button" className="button" disabled={ids.length === 0} onClick={() => setOpen(true)}>
        {ids.length === 0 ? t('queue.approveNone') : t('queue.approvePicked', { count: ids.length })}
      </button>
      <ConfirmDialog
        open={open}
        title={t('queue.approveTitle', { count: ids.length })}
        confirmLabel={t('queue.approveConfirm')}
        busy={progress !== null}
        onConfirm={() => void run()}
        onClose={() => progress === null && setOpen(false)}
      >
        <p>{t('queue.approveBody')}</p>
        {progress !== null ? (
          <p role="status">
            <progress max={ids.length} value={progress} /> {t('queue.approving', { done: progress, count: ids.length })}
          </p>
        ) : null}
      </ConfirmDialog>
      {failures.length > 0 ? (
        <div role="alert" className="notice error-notice">
          <p>{t('queue.approveFailed')}</p>
          <ul>
            {failures.map((failure) => (
              <li key={failure}>{failure}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
