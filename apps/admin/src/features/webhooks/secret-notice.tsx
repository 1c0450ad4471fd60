import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A signing secret, shown the one time the server gives it (an endpoint added or its secret rotated): a copy button,
 * and a note that it will not be shown again. The notice takes the focus so that it is read out at once.
 */
export function SecretNotice({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'' | 'copied' | 'copyFailed'>('');
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => ref.current?.focus(), [secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('copyFailed');
    }
  };
  return (
    <div ref={ref} className="notice hooks-secret" role="region" aria-labelledby={titleId} tabIndex={-1}>
      <h3 id={titleId}>{t('webhooks.secretTitle', { url })}</h3>
      <p>
        <strong>{t('webhooks.secretOnce')}</strong>
      </p>
      <p>
        <code className="secret" data-testid="webhook-secret">
          {secret}
        </code>
      </p>
      <div className="hooks-actions">
        <button type="button" className="button secondary small" onClick={() => void copy()}>
          {t('webhooks.copy')}
        </button>
        <button type="button" className="button secondary small" onClick={onDone}>
          {t('webhooks.hideSecret')}
        </button>
        <span role="status">{copied ? t(`webhooks.${copied}`) : ''}</span>
      </div>
    </div>
  );
}
