import type { StoreConfig } from '@return-center/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The dialog loads when first opened: the login route draws the form without it.
const Dialog = lazy(() => import('../../../shared/ui/dialog').then(({ Dialog }) => ({ default: Dialog })));

/** The return policy: an external link, or the "Returns and Exchanges Policy FAQ" popup (merchant text shown as text). */
export function PolicyLink({ config }: { config: StoreConfig }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const link = config.text.return_policy_link;
  const label = config.text.return_policy_link_text_name || t('login.policyLink');
  if (link.type === 'url' && /^https?:\/\//.test(link.value)) {
    return (
      <a className="rc-link" href={link.value} target="_blank" rel="noopener noreferrer">
        {label}
      </a>
    );
  }
  const content = link.content || t('login.policyDefault', { count: config.return_window_days });
  return (
    <>
      <button type="button" className="rc-link" onClick={() => setOpen(true)}>
        {label}
      </button>
      {open ? (
        <Suspense>
          <Dialog title={t('login.policyTitle')} open onClose={() => setOpen(false)}>
            {content.split(/\n{2,}/).map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </Dialog>
        </Suspense>
      ) : null}
    </>
  );
}
