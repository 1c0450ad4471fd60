import {
  PREVIEW_PARAM,
  previewReady,
  type Locale,
  type PreviewMessage,
  type ShopSettings,
} from '@return-center/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedIn } from '../../shared/session';
import { previewMessage } from './preview-message';

/** Typing settles this long before the preview redraws. */
export const PREVIEW_DEBOUNCE_MS = 150;

/**
 * The shop's portal login page in a frame, wearing the draft as it is typed, unsaved: the draft goes to the frame's
 * window by postMessage to our own origin only (the portal is served by the same server), and again whenever the
 * portal there says it is ready (after a load or a reload).
 */
export function PreviewPane({ draft, lang }: { draft: ShopSettings; lang: Locale }) {
  const { t } = useTranslation();
  const { shop } = useSignedIn();
  const frame = useRef<HTMLIFrameElement>(null);
  const message = useMemo(() => previewMessage(draft, lang), [draft, lang]);
  const latest = useRef<PreviewMessage>(message);
  const post = useCallback(() => {
    frame.current?.contentWindow?.postMessage(latest.current, window.location.origin);
  }, []);

  useEffect(() => {
    latest.current = message;
    const timer = setTimeout(post, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [message, post]);

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>) => {
      const ready = previewReady.safeParse(event.data).success;
      if (ready && event.origin === window.location.origin && event.source === frame.current?.contentWindow) post();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [post]);

  return (
    <aside className="settings-preview" aria-labelledby="settings-preview-title">
      <h2 id="settings-preview-title">{t('settings.preview.title')}</h2>
      <iframe
        ref={frame}
        title={t('settings.preview.frame')}
        src={`/?shop=${encodeURIComponent(shop.shop_url)}&${PREVIEW_PARAM}=1`}
        onLoad={post}
      />
      <p className="hint">{t('settings.preview.afterSaving')}</p>
    </aside>
  );
}
