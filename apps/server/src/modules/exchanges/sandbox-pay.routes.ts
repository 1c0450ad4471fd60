import { formatMoney } from '@return-center/domain';
import type { FastifyInstance } from 'fastify';
import {
  SANDBOX_PAY_PATH,
  type SandboxPayPage,
  type SandboxPaymentView,
} from '../../adapters/payments/port-pay-page.js';
import { escapeHtml } from '../notifications/branded-layout.js';
import { plainPage as page } from './plain-page.js';

interface PayParams {
  paymentId: string;
}

const notFound = '<p>This payment link is not valid.</p>';

/**
 * The sandbox payments provider's page (ADR 047): where the shopper authorises a card hold or a charge that takes no
 * money, or declines it, and is sent back to our site. Links are signed per payment, so only the shopper sent here
 * can answer; a payment answered already says so and links back.
 */
export function sandboxPayRoutes(app: FastifyInstance, sandbox: SandboxPayPage): void {
  app.get<{ Params: PayParams; Querystring: { sig?: string } }>(
    `${SANDBOX_PAY_PATH}:paymentId`,
    async (request, reply) => {
      const sig = request.query.sig ?? '';
      const payment = await sandbox.view(request.params.paymentId, sig);
      if (!payment) return page(reply.code(404), 'Payment not found', notFound);
      return page(reply, `Authorise ${money(payment)}`, payBody(payment, sig));
    },
  );

  void app.register((scope, _options, registered) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post<{ Params: PayParams; Body: { sig?: string; answer?: string } }>(
      `${SANDBOX_PAY_PATH}:paymentId`,
      async (request, reply) => {
        const payment = await sandbox.view(request.params.paymentId, request.body.sig ?? '');
        if (!payment) return page(reply.code(404), 'Payment not found', notFound);
        if (request.body.answer === 'decline') {
          await sandbox.decline(payment.paymentId);
          return reply.redirect(payment.cancelUrl, 303);
        }
        await sandbox.authorise(payment.paymentId);
        return reply.redirect(payment.returnUrl, 303);
      },
    );
    registered();
  });
}

const money = (payment: SandboxPaymentView) => formatMoney(payment.amount, payment.currency, '');

function payBody(payment: SandboxPaymentView, sig: string): string {
  const amount = escapeHtml(money(payment));
  const hold = payment.capture === 'hold';
  const heading = `<h1>${hold ? 'Authorise a card hold' : 'Pay'} of ${amount}</h1><p>${escapeHtml(payment.description)}</p>`;
  if (payment.state !== 'awaiting_shopper')
    return `${heading}<p role="status">This payment is ${escapeHtml(payment.state.replace('_', ' '))}.</p><p><a href="${escapeHtml(payment.returnUrl)}">Back to the shop</a></p>`;
  const explain = hold
    ? '<p>Nothing is taken yet: the amount is held on your card until the shop takes it or lets it go.</p>'
    : '';
  return `${heading}${explain}<form method="post" action="${SANDBOX_PAY_PATH}${escapeHtml(payment.paymentId)}"><input type="hidden" name="sig" value="${escapeHtml(sig)}"><button type="submit" name="answer" value="authorise">Authorise ${amount}</button><button type="submit" name="answer" value="decline" class="secondary">Decline</button></form><p class="note">Sandbox payments: no card is charged.</p>`;
}
