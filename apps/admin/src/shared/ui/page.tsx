import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A console page: its heading, the document's title, and an optional row of actions beside the heading. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('app.documentTitle', { page: title });
  }, [t, title]);
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title">{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="muted">
      {label}
    </p>
  );
}

export function Failed({ message, retry }: { message: string; retry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="notice error-notice">
      <p>{message}</p>
      {retry ? (
        <button type="button" className="button secondary" onClick={retry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
