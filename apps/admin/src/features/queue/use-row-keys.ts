import { useEffect, useState } from 'react';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));

/**
 * j and k move through the queue's rows (focus goes to the row's link, so Enter opens it), as in a mail client.
 * Keys typed into a field are left alone.
 */
export function useRowKeys(count: number): number {
  const [active, setActive] = useState(-1);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typing(event.target) || event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.key !== 'j' && event.key !== 'k') return;
      event.preventDefault();
      setActive((current) => {
        const next = Math.min(Math.max(current + (event.key === 'j' ? 1 : -1), 0), count - 1);
        document.querySelector<HTMLElement>(`[data-row="${String(next)}"]`)?.focus();
        return next;
      });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [count]);
  return active;
}
