import { EMBED_PREFIX, type PortalMessage } from '@return-center/contract';

export const isFramed = (() => {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
})();

/** The embedding parent's origin, from the referrer; never '*'. */
const parentOrigin = (() => {
  try {
    return isFramed && document.referrer ? new URL(document.referrer).origin : null;
  } catch {
    return null;
  }
})();

export function postToParent(message: PortalMessage): void {
  if (parentOrigin) window.parent.postMessage(message, parentOrigin);
}

export const embedType = <N extends string>(name: N) => `${EMBED_PREFIX}${name}` as `${typeof EMBED_PREFIX}${N}`;
