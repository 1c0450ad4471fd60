import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  /** The confirm button cannot be pressed yet (what the dialog shows says why). */
  disabled?: boolean;
  /** Shown in the dialog: why the last try failed. */
  error?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A modal question on the native <dialog>: the browser keeps focus inside, Escape cancels, and focus goes back to the
 * control that opened it. Every change the console makes to a request goes through one.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  disabled,
  error,
  onConfirm,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="dialog"
      // Escape closes through the state, not natively: a native close reaches React a task later, and a reopen pressed
      // in between would be lost (the owner still thinks the dialog is open).
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (!disabled) onConfirm();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy === true || disabled === true} aria-busy={busy}>
            {busy ? t('common.working') : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
