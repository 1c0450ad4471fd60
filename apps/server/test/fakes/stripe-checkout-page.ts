import type { FakeSession } from './stripe-documents.js';

/** Stripe's zero-decimal currencies, for showing an amount on the fake's hosted page. */
const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));
const THREE_DECIMAL = new Set('bhd jod kwd omr tnd'.split(' '));

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function shown(amount: number, currency: string): string {
  const digits = ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

/**
 * The fake's hosted Checkout page at `/c/pay/<session id>`: what the session is for, a card form that posts back to the
 * same address (as a browser would), the error of the last try, and the way back to the shop's cancel URL.
 */
export function checkoutPage(session: FakeSession, error?: string): string {
  const hold = session.intent.captureMethod === 'manual';
  const open = session.status === 'open';
  const form = open
    ? `<form method="post">
  <label for="card">Card number</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required>
  <label for="expiry">Expiry</label>
  <input id="expiry" name="expiry" placeholder="MM / YY" autocomplete="cc-exp">
  <label for="cvc">CVC</label>
  <input id="cvc" name="cvc" autocomplete="cc-csc">
  <button type="submit">${hold ? 'Authorise' : 'Pay'} ${escape(shown(session.amount, session.currency))}</button>
</form>`
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Stripe Checkout (test fake)</title></head>
<body>
<main>
  <h1>${escape(session.names.join(', '))}</h1>
  <p>${hold ? 'A hold of' : 'A payment of'} <strong>${escape(shown(session.amount, session.currency))}</strong></p>
  ${error ? `<p role="alert">${escape(error)}</p>` : ''}
  ${form}
  ${open && session.cancelUrl ? `<a href="${escape(session.cancelUrl)}">Back</a>` : ''}
</main>
</body>
</html>`;
}
