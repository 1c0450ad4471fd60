import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex]:not([tabindex="-1"])';

const controlsOf = (dialog: HTMLDialogElement) => Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));

/** Tab wraps round inside the dialog (past its last control the browser would leave the page); Escape closes it. */
function onDialogKey(dialog: HTMLDialogElement, event: KeyboardEvent, close: () => void) {
  if (event.key === 'Escape') {
    // Handled here rather than by the browser's cancel, so every browser (and jsdom) closes the same way, once.
    event.preventDefault();
    close();
    return;
  }
  if (event.key !== 'Tab') return;
  const controls = controlsOf(dialog);
  const [first, last] = [controls[0], controls.at(-1)];
  if (!first || !last || document.activeElement !== (event.shiftKey ? first : last)) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * A modal on the browser's own <dialog>, with no dialog library (ADR 015): showModal makes the page behind inert, Tab
 * stays inside, Escape or a click on the backdrop closes it, the title names it, and focus goes back to the opener,
 * also when the dialog is unmounted while open (a Save that closes it).
 */
export function Dialog({
  title,
  open,
  onClose,
  children,
  hideClose = false,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** For dialogs with their own Cancel and Save buttons. */
  hideClose?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const close = useEffectEvent(() => onClose());
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // showModal and close are missing only in old engines and jsdom: the dialog then opens in place, not on top.
    const native = typeof dialog.showModal === 'function';
    if (!dialog.open) {
      if (native) dialog.showModal();
      else dialog.open = true;
    }
    if (!dialog.contains(document.activeElement)) controlsOf(dialog)[0]?.focus();
    return () => {
      if (dialog.open && native) dialog.close();
      else dialog.open = false;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => onDialogKey(dialog, event, close);
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <dialog
      ref={ref}
      className="rc-dialog"
      aria-labelledby={titleId}
      closedby="any"
      // A click on the backdrop closes the dialog itself; tell the owner, unless it already asked for the close.
      onClose={() => open && onClose()}
    >
      <h2 id={titleId} className="rc-dialog__title">
        {title}
      </h2>
      <div className="rc-dialog__body">{children}</div>
      {hideClose ? null : (
        <button type="button" className="rc-button rc-button--secondary" onClick={onClose}>
          {t('app.close')}
        </button>
      )}
    </dialog>
  );
}

/** A dialog's Cancel and Save. Save submits the dialog's form, or calls `onSave` in a dialog without one. */
export function DialogActions({
  onCancel,
  onSave,
  canSave = true,
  saving = false,
}: {
  onCancel: () => void;
  onSave?: () => void;
  canSave?: boolean;
  saving?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="rc-flow__nav">
      <button type="button" className="rc-button rc-button--secondary" onClick={onCancel}>
        {t('flow.cancel')}
      </button>
      <button
        type={onSave ? 'button' : 'submit'}
        className="rc-button"
        disabled={!canSave}
        aria-busy={saving || undefined}
        onClick={onSave}
      >
        {t('flow.save')}
      </button>
    </div>
  );
}
