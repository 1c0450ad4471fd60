import type { ParentMessage, PortalMessage } from '@return-center/contract';
import { EMBED_PREFIX } from '@return-center/contract/zod-free';
import { loadValidation } from './load-validation';

export const isFramed = (() => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
})();

/** The embedding page's origin, from the referrer. */
const referrerOrigin = (() => {
  try {
    return isFramed && document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
})();

let allowed: readonly string[] | null = null;
const queued: PortalMessage[] = [];

/** The shop's allowlist arrives with its configuration; until then messages wait and none are accepted. */
export function setAllowedOrigins(origins: readonly string[]): void {
  allowed = origins;
  queued.splice(0).forEach(postToParent);
}

const isAllowed = (origin: string | null) => origin !== null && allowed !== null && allowed.includes(origin);

/** Sends to the parent only when it is an allowlisted origin, and only to that exact origin (never '*'). */
export function postToParent(message: PortalMessage): void {
  if (!isFramed || !referrerOrigin) return;
  if (allowed === null) {
    queued.push(message);
    return;
  }
  if (isAllowed(referrerOrigin)) window.parent.postMessage(message, referrerOrigin);
}

export const embedType = <N extends string>(name: N): `${typeof EMBED_PREFIX}${N}` => `${EMBED_PREFIX}${name}`;

/** Handles `pp_return:` messages from the allowlisted parent; anything else is ignored. */
export function listenToParent(handle: (message: ParentMessage) => void | Promise<void>): () => void {
  const onMessage = (event: MessageEvent) => {
    if (!isFramed || event.source !== window.parent || !isAllowed(event.origin)) return;
    // Checked against the contract once its schemas have loaded; messages keep their order (one shared load).
    void loadValidation()
      .then(({ parseParentMessage }) => {
        const parsed = parseParentMessage(event.data);
        if (parsed.success) void handle(parsed.data);
      })
      .catch(() => undefined);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

/** Tells the parent how tall the page is, so the embed script can size its frame. */
export function reportHeight(): () => void {
  if (!isFramed || typeof ResizeObserver === 'undefined') return () => {};
  let last = 0;
  const observer = new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height !== last) postToParent({ type: embedType('resize'), height: (last = height) });
  });
  observer.observe(document.body);
  return () => observer.disconnect();
}
