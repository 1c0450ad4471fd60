import * as RadixDialog from '@radix-ui/react-dialog';
import { setNonce } from 'get-nonce';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageNonce } from '../page-nonce';

// The library's scroll lock adds a style element of its own: with the page's nonce, the CSP lets it in.
const nonce = pageNonce();
if (nonce) setNonce(nonce);

/** An accessible modal: focus trapped, Escape closes, title announced. */
export function Dialog({
  title,
  open,
  onOpenChange,
  children,
  hideClose = false,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  /** For dialogs with their own Cancel and Save buttons. */
  hideClose?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="rc-dialog__overlay" />
        <RadixDialog.Content className="rc-dialog" aria-describedby={undefined}>
          <RadixDialog.Title className="rc-dialog__title">{title}</RadixDialog.Title>
          <div className="rc-dialog__body">{children}</div>
          {hideClose ? null : (
            <RadixDialog.Close className="rc-button rc-button--secondary">{t('app.close')}</RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
