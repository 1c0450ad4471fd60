import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The next page of a long list: it loads by itself as the shopper scrolls near the end, and the button does the same
 * for a keyboard, a screen reader, or a browser without IntersectionObserver.
 */
export function LoadMore({ onLoad, busy }: { onLoad: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  const load = useEffectEvent(() => {
    if (!busy) onLoad();
  });
  useEffect(() => {
    const button = ref.current;
    if (!button || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: '400px 0px',
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, []);
  return (
    <button
      ref={ref}
      type="button"
      className="rc-button rc-button--secondary rc-load-more"
      onClick={onLoad}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? t('exchange.loadingMore') : t('exchange.loadMore')}
    </button>
  );
}
