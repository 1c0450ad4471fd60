import type { Locale } from '@return-center/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAILS_KEY, previewEmail, refusedFields, type EmailDraft } from './emails-api';

/** How long typing rests before the preview asks the server again. */
const PREVIEW_DELAY_MS = 400;

/**
 * The email as the shopper gets it, rendered by the server with sample data in the shop's brand: the subject, the
 * HTML in a sandboxed frame (no scripts), and the plain-text part.
 */
export function EmailPreview({ notification, lang, draft }: { notification: string; lang: Locale; draft: EmailDraft }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(draft);
  useEffect(() => {
    const timer = setTimeout(() => setShown(draft), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const preview = useQuery({
    queryKey: [...EMAILS_KEY, 'preview', notification, lang, shown],
    queryFn: () => previewEmail(notification, lang, shown),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const problems = preview.error ? refusedFields(preview.error) : {};
  const problem = problems.subject ?? problems.body ?? problems.form;
  return (
    <section className="card emails-preview" aria-labelledby="emails-preview-title">
      <h2 id="emails-preview-title">{t('emails.preview')}</h2>
      <p className="hint">{t('emails.previewHint')}</p>
      <p role="status" className={problem ? 'error' : 'muted'}>
        {problem ? t('emails.previewProblem', { problem }) : preview.isFetching ? t('emails.previewing') : ''}
      </p>
      {preview.data ? (
        <>
          <p>
            <strong>{t('emails.subject')}:</strong> <span data-testid="preview-subject">{preview.data.subject}</span>
          </p>
          <iframe
            className="emails-frame"
            title={t('emails.previewFrame')}
            sandbox="allow-same-origin"
            srcDoc={preview.data.html}
            onLoad={(event) => applyInlineStyles(event.currentTarget)}
          />
          <details>
            <summary>{t('emails.plainText')}</summary>
            <pre className="emails-text">{preview.data.text}</pre>
          </details>
        </>
      ) : null}
    </section>
  );
}

/**
 * The console's policy (inherited by the frame) ignores style attributes; the email's own, its brand's colours and
 * sizes, are applied through the style object instead, which the policy allows. The frame runs no script.
 */
function applyInlineStyles(frame: HTMLIFrameElement) {
  for (const element of frame.contentDocument?.querySelectorAll<HTMLElement>('[style]') ?? [])
    element.style.cssText = element.getAttribute('style') ?? '';
}
