import type { AppContext } from '../../app-context.js';
import { errors } from '../../http/app-error.js';
import { merchantRoute } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { merchantCallers } from '../merchant/merchant-callers.js';

/**
 * The merchant API's emails (issue 34 point 3, ADR 042): staff read, preview and test; the owner saves and resets, as
 * with the settings. A console member's test goes to their own address; an API key names one.
 */
export function emailsRoutes({ app, services }: AppContext): void {
  const { emails, limiter } = services;
  const { shopOf, ownerOf, deskCallerOf } = merchantCallers({ services });

  serveRoute(app, merchantRoute('listEmails', shopOf), async ({ caller }) => ({ items: await emails.list(caller) }));
  serveRoute(app, merchantRoute('getEmail', shopOf), ({ id, input, caller }) => emails.get(caller, id, input.lang));
  serveRoute(app, merchantRoute('saveEmail', ownerOf), ({ id, input, caller }) =>
    emails.save(caller.shop, id, input, caller.actor),
  );
  serveRoute(app, merchantRoute('resetEmail', ownerOf), ({ id, input, caller }) =>
    emails.reset(caller.shop, id, input.lang),
  );
  serveRoute(app, merchantRoute('previewEmail', shopOf), ({ id, input, caller }) =>
    Promise.resolve(emails.preview(caller, id, input)),
  );
  serveRoute(app, merchantRoute('testEmail', deskCallerOf), async ({ id, input, caller }) => {
    const to = caller.desk.member?.email ?? input.to;
    if (!to) throw errors.unprocessable('to', 'an API key names the address to send the test to');
    if (!(await limiter.hit(`email-test:${String(caller.shop.id)}`, LIMITS.emailTestsPerShop)))
      throw errors.rateLimited();
    await emails.test(caller.shop, id, input, to);
    return { to };
  });
}
