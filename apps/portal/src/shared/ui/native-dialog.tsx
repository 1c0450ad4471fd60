import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Tab wraps round inside the dialog: past its last control the browser would leave the page instead. */
function keepFocusInside(dialog: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const controls = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
  const [first, last] = [controls[0], controls.at(-1)];
  if (!first || !last || document.activeElement !== (event.shiftKey ? first : last)) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * A modal on the browser's own <dialog>, for the login route, which carries no dialog library (DESIGN §6): showModal
 * makes the page behind inert, Tab stays inside, Escape or a click on the backdrop closes it, the title names it, and
 * focus goes back to the opener.
 */
export function NativeDialog({
  title,
  open,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onKeyDown = (event: KeyboardEvent) => keepFocusInside(dialog, event);
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <dialog ref={ref} className="rc-dialog" aria-labelledby={titleId} closedby="any" onClose={onClose}>
      <h2 id={titleId} className="rc-dialog__title">
        {title}
      </h2>
      <div className="rc-dialog__body">{children}</div>
      <button type="button" className="rc-button rc-button--secondary" onClick={onClose}>
        {t('app.close')}
      </button>
    </dialog>
  );
}
