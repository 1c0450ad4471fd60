/** The nonce the server gave this page (its CSP allows inline styles only with it); '' outside a served page. */
export const pageNonce = (): string =>
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
