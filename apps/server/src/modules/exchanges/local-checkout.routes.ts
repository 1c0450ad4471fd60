import { formatMoney } from '@return-center/domain';
import type { FastifyInstance } from 'fastify';
import { VariantUnavailable, type DraftCheckout, type DraftOrder } from '../../adapters/store-platform/port.js';
import { escapeHtml } from '../notifications/branded-layout.js';
import { currencyFormat } from '../orders/order-source.js';
import type { ShopLookup, Shop } from '../storefront-config/shop.js';
import { plainPage as page } from './plain-page.js';

/** Where the Pay button may send the shopper back to: a path of this site, never another origin. */
const sameSitePath = (value: unknown): string =>
  typeof value === 'string' && value.length <= 500 && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/';

interface CheckoutParams {
  shopId: string;
  draftId: string;
}

/**
 * The local platform's checkout (#13): where a shopper pays what an exchange costs beyond the return's credit. It is a
 * stand-in for a store's checkout with no payment provider: the Pay button marks the draft order paid. Links are
 * signed per shop and draft (DraftCheckout.verifyCheckout), so only the shopper sent here can pay.
 */
export function localCheckoutRoutes(app: FastifyInstance, platform: DraftCheckout, shops: ShopLookup): void {
  const open = async (params: CheckoutParams, sig: unknown) => {
    const shopId = Number(params.shopId);
    if (
      !Number.isSafeInteger(shopId) ||
      typeof sig !== 'string' ||
      !platform.verifyCheckout(shopId, params.draftId, sig)
    )
      return null;
    const [shop, draft] = await Promise.all([shops.byId(shopId), platform.getDraftOrder(shopId, params.draftId)]);
    return shop && draft ? { shop, draft } : null;
  };

  app.get<{ Params: CheckoutParams; Querystring: { sig?: string; return?: string } }>(
    '/local-checkout/:shopId/:draftId',
    async (request, reply) => {
      const found = await open(request.params, request.query.sig);
      if (!found) return page(reply.code(404), 'Checkout not found', '<p>This checkout link is not valid.</p>');
      const back = sameSitePath(request.query.return);
      return page(
        reply,
        `Checkout · ${found.shop.name}`,
        checkoutBody(found.shop, found.draft, request.query.sig ?? '', back),
      );
    },
  );

  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Params: CheckoutParams; Body: { sig?: string; return?: string } }>(
      '/local-checkout/:shopId/:draftId/pay',
      async (request, reply) => {
        const found = await open(request.params, request.body.sig);
        if (!found) return page(reply.code(404), 'Checkout not found', '<p>This checkout link is not valid.</p>');
        const back = sameSitePath(request.body.return);
        try {
          if (found.draft.status === 'open') await platform.markDraftOrderPaid(found.shop.id, found.draft.id);
        } catch (error) {
          // The draft held no units while unpaid: someone else may have bought the last ones meanwhile.
          if (!(error instanceof VariantUnavailable)) throw error;
          return page(
            reply.code(409),
            'Out of stock',
            `<p role="alert">Some of these items are no longer in stock. Nothing was charged.</p><p><a href="${escapeHtml(back)}">Back to your exchange</a></p>`,
          );
        }
        return reply.redirect(back, 303);
      },
    );
    registered();
  });
}

function checkoutBody(shop: Shop, draft: DraftOrder, sig: string, back: string): string {
  const money = (amount: number) =>
    escapeHtml(formatMoney(amount, draft.currency, currencyFormat(draft.currency, shop)));
  const rows = draft.lines
    .map(
      (line) =>
        `<tr><th scope="row">${escapeHtml([line.title, line.variantTitle].filter(Boolean).join(' / '))} × ${String(line.quantity)}</th><td>${money(line.price * line.quantity)}</td></tr>`,
    )
    .join('');
  const table = `<table><tbody>${rows}<tr><th scope="row">Return credit</th><td>-${money(draft.credit)}</td></tr></tbody><tfoot><tr><th scope="row">To pay</th><td>${money(draft.total)}</td></tr></tfoot></table>`;
  const action =
    draft.status === 'open'
      ? `<form method="post" action="/local-checkout/${String(shop.id)}/${escapeHtml(draft.id)}/pay"><input type="hidden" name="sig" value="${escapeHtml(sig)}"><input type="hidden" name="return" value="${escapeHtml(back)}"><button type="submit">Pay ${money(draft.total)}</button></form><p class="note">Test checkout of ${escapeHtml(shop.name)}: no money is taken.</p>`
      : `<p role="status">${draft.status === 'paid' ? 'This order is paid.' : 'This checkout is no longer open.'}</p><p><a href="${escapeHtml(back)}">Back to your exchange</a></p>`;
  return `<h1>${escapeHtml(shop.name)}: pay for your exchange</h1>${table}${action}`;
}
