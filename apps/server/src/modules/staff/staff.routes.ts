import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { errors } from '../../http/app-error.js';
import { consoleRoute } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { setConsoleCookie, staffCaller } from './console-auth.js';

/** The console's own calls under /admin/api (contract `consoleRoutes`): who may call each is said by the contract. */
export function staffRoutes({ app, services, config }: AppContext): void {
  const { staff, merchant, storefront, analytics } = services;
  const sessionSeconds = config.CONSOLE_SESSION_HOURS * 3600;
  const signedIn = (request: FastifyRequest, access: 'staff' | 'owner') =>
    staffCaller(staff, request, access === 'owner' ? { role: 'owner' } : {});

  serveRoute(app, consoleRoute('signIn', signedIn), async ({ input, request, reply }) => {
    const { token, session } = await staff.signIn(input, request.ip);
    setConsoleCookie(request, reply, token, sessionSeconds);
    return session;
  });
  serveRoute(app, consoleRoute('session', signedIn), ({ caller }) => staff.describe(caller.account, caller.tokenHash));
  serveRoute(app, consoleRoute('signOut', signedIn), async ({ caller, request, reply }) => {
    await staff.signOut(caller.tokenHash);
    setConsoleCookie(request, reply, '', 0);
    return null;
  });
  serveRoute(app, consoleRoute('forgotPassword', signedIn), async ({ input, request }) => {
    await staff.forgotPassword(input.email, request.ip);
    return null;
  });
  serveRoute(app, consoleRoute('resetPassword', signedIn), async ({ input }) => {
    await staff.resetPassword(input.token, input.password);
    return null;
  });
  serveRoute(app, consoleRoute('acceptInvite', signedIn), async ({ input }) => {
    await staff.invitations.accept(input.token, input.name, input.password);
    return null;
  });
  serveRoute(app, consoleRoute('listStaff', signedIn), ({ caller }) => staff.listStaff(caller.account.shop_id));
  serveRoute(app, consoleRoute('invite', signedIn), async ({ input, caller }) => {
    await staff.invitations.invite(caller.account, input.email, input.role);
    return null;
  });
  serveRoute(app, consoleRoute('listInvites', signedIn), ({ caller }) =>
    staff.invitations.pending(caller.account.shop_id),
  );
  serveRoute(app, consoleRoute('revokeInvite', signedIn), async ({ caller, id }) => {
    await staff.invitations.revoke(caller.account.shop_id, id);
    return null;
  });
  serveRoute(app, consoleRoute('removeStaff', signedIn), async ({ caller, id }) => {
    await staff.removeStaff(caller.account, id);
    return null;
  });
  serveRoute(app, consoleRoute('totpSetup', signedIn), ({ input, caller }) =>
    staff.totpSetup(caller.account, input.code),
  );
  serveRoute(app, consoleRoute('totpEnable', signedIn), async ({ input, caller }) => {
    await staff.totpEnable(caller.account, input.code, caller.tokenHash);
    return null;
  });
  serveRoute(app, consoleRoute('totpDisable', signedIn), async ({ input, caller }) => {
    await staff.totpDisable(caller.account, input.code);
    return null;
  });
  serveRoute(app, consoleRoute('setLanguage', signedIn), async ({ input, caller }) => {
    await staff.setLanguage(caller.account, input.language);
    return null;
  });
  serveRoute(app, consoleRoute('listKeys', signedIn), ({ caller }) => merchant.keys.list(caller.account.shop_id));
  serveRoute(app, consoleRoute('createKey', signedIn), ({ input, caller }) =>
    merchant.keys.create(caller.account.shop_id, input.label),
  );
  serveRoute(app, consoleRoute('revokeKey', signedIn), async ({ caller, id }) => {
    if (!(await merchant.keys.revoke(caller.account.shop_id, id))) throw errors.notFound();
    return null;
  });
  serveRoute(app, consoleRoute('requestCounts', signedIn), ({ caller }) =>
    merchant.requests.countsByStatus(caller.account.shop_id),
  );
  serveRoute(app, consoleRoute('analytics', signedIn), async ({ input, caller }) =>
    analytics.forShop(await storefront.requireShopById(caller.account.shop_id), input.from, input.to),
  );
}
