import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUi, type Toast } from '../ui-store';

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dismiss = useUi((state) => state.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.key), toast.duration);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return (
    <div className={`rc-toast rc-toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <span>{toast.message}</span>
      <button
        type="button"
        className="rc-toast__close"
        onClick={() => dismiss(toast.key)}
        aria-label={t('app.dismiss')}
      >
        ×
      </button>
    </div>
  );
}

/** Toast messages (spec §2), announced to screen readers. */
export function Toaster() {
  const toasts = useUi((state) => state.toasts);
  return (
    <div className="rc-toaster" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.key} toast={toast} />
      ))}
    </div>
  );
}
