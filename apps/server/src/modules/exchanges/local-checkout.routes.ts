import { formatMoney } from '@return-center/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DraftOrder } from '../../adapters/store-platform/port.js';
import { escapeHtml } from '../notifications/branded-layout.js';
import { currencyFormat } from '../orders/order-source.js';
import type { ShopLookup, Shop } from '../storefront-config/shop.js';
import type { CheckoutPayments, CheckoutState } from './checkout-payments.js';
import { plainPage as page } from './plain-page.js';

interface CheckoutParams {
  shopId: string;
  draftId: string;
}

/**
 * The local platform's checkout (#13, ADR 047): where a shopper pays what an exchange costs beyond the return's
 * credit. Its Pay link goes to the payments provider's page, which sends the shopper back here, paid or declined; the
 * page then asks the provider (CheckoutPayments.settle) and, once the payment is captured, sends the shopper on to
 * the exchange page. Links are signed per shop and draft (DraftCheckout.verifyCheckout), so only the shopper sent here
 * can pay. The Pay control is a link, not a form: the provider's page is often of another origin, which the page's
 * `form-action 'self'` would refuse to redirect a form to.
 */
export function localCheckoutRoutes(
  app: FastifyInstance,
  checkout: CheckoutPayments,
  shops: Pick<ShopLookup, 'byId'>,
): void {
  app.get<{ Params: CheckoutParams; Querystring: { sig?: string; declined?: string } }>(
    '/local-checkout/:shopId/:draftId',
    async (request, reply) => {
      const shopId = Number(request.params.shopId);
      const sig = request.query.sig;
      if (
        !Number.isSafeInteger(shopId) ||
        typeof sig !== 'string' ||
        !checkout.platform.verifyCheckout(shopId, request.params.draftId, sig)
      )
        return notFound(reply);
      const [shop, draft] = await Promise.all([
        shops.byId(shopId),
        checkout.platform.getDraftOrder(shopId, request.params.draftId),
      ]);
      if (!shop || !draft) return notFound(reply);
      const path = `/local-checkout/${String(shopId)}/${encodeURIComponent(draft.id)}?sig=${encodeURIComponent(sig)}`;
      let state: CheckoutState;
      try {
        state = await checkout.settle(shop, draft, path);
      } catch (error) {
        // Every money call is keyed by the draft: trying again finds what was done and never takes twice.
        request.log.error(
          { err: error, draftId: draft.id },
          'the local checkout could not reach the payments provider',
        );
        return page(
          reply.code(502),
          'Payment not confirmed',
          `<h1>Payment not confirmed</h1><p role="alert">We could not reach the payment provider. Please try again in a moment: you will not be charged twice.</p><p><a href="${escapeHtml(path)}">Try again</a></p>`,
        );
      }
      if (state.kind === 'refunded')
        request.log.warn(
          { draftId: draft.id, amount: state.amount },
          'exchange difference captured for a draft cancelled meanwhile: given back to the card',
        );
      if (state.kind === 'paid' && draft.status === 'open') return reply.redirect(checkout.backUrl(shop, draft), 303);
      const declined = request.query.declined === '1';
      return render(reply, shop, draft, state, { back: checkout.backUrl(shop, draft), declined });
    },
  );
}

const notFound = (reply: FastifyReply) =>
  page(reply.code(404), 'Checkout not found', '<p>This checkout link is not valid.</p>');

/** What the page says in each state; a state with nothing left to pay for answers 409. */
function render(
  reply: FastifyReply,
  shop: Shop,
  draft: DraftOrder,
  state: CheckoutState,
  { back, declined }: { back: string; declined: boolean },
) {
  const money = (amount: number) =>
    escapeHtml(formatMoney(amount, draft.currency, currencyFormat(draft.currency, shop)));
  const backLink = `<p><a href="${escapeHtml(back)}">Back to your exchange</a></p>`;
  const said = (code: number, title: string, text: string) =>
    page(reply.code(code), title, `<h1>${escapeHtml(title)}</h1><p role="alert">${text}</p>${backLink}`);
  switch (state.kind) {
    case 'out_of_stock':
      return said(409, 'Out of stock', 'Some of these items are no longer in stock. Nothing was charged.');
    case 'closed':
      return said(409, 'Checkout closed', 'This checkout is no longer open. Nothing was charged.');
    case 'refunded':
      return said(
        409,
        'Checkout closed',
        `This checkout closed as your payment was taken, so we have refunded ${money(state.amount)} to your card.`,
      );
    case 'paid':
      return page(
        reply,
        `Checkout · ${shop.name}`,
        `${summary(shop, draft, money)}<p role="status">This order is paid.</p>${backLink}`,
      );
    case 'unpaid': {
      const alert = declined
        ? '<p role="alert">Your payment did not go through, so nothing was charged. Your exchange is kept: please try again.</p>'
        : '';
      const pay = `<p><a class="button" href="${escapeHtml(state.payUrl)}">Pay ${money(draft.total)}</a></p><p class="note">You pay on the payment provider’s page, then come back to your exchange.</p>`;
      return page(reply, `Checkout · ${shop.name}`, `${summary(shop, draft, money)}${alert}${pay}${backLink}`);
    }
  }
}

function summary(shop: Shop, draft: DraftOrder, money: (amount: number) => string): string {
  const rows = draft.lines
    .map(
      (line) =>
        `<tr><th scope="row">${escapeHtml([line.title, line.variantTitle].filter(Boolean).join(' / '))} × ${String(line.quantity)}</th><td>${money(line.price * line.quantity)}</td></tr>`,
    )
    .join('');
  const table = `<table><tbody>${rows}<tr><th scope="row">Return credit</th><td>-${money(draft.credit)}</td></tr></tbody><tfoot><tr><th scope="row">To pay</th><td>${money(draft.total)}</td></tr></tfoot></table>`;
  return `<h1>${escapeHtml(shop.name)}: pay for your exchange</h1>${table}`;
}
