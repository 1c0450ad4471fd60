// Imported first by main.tsx: zod must be told before any schema exists (objects probe for `new Function` when made).
import { setNonce } from 'get-nonce';
import { z } from 'zod';

/** The nonce the server gave this page (its CSP allows inline styles only with it); '' outside a served page. */
export const pageNonce = (): string =>
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';

// Keeps the portal inside its strict CSP: zod validates without compiling code (the CSP refuses `new Function` and
// reports even a caught attempt), and the dialog library's scroll lock adds its style element with the page's nonce.
z.config({ jitless: true });
const nonce = pageNonce();
if (nonce) setNonce(nonce);
