import type { AppContext } from '../../app-context.js';
import { merchantRoute } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { merchantCallers } from './merchant-callers.js';

/**
 * The returns desk on the merchant API (issue 33): internal notes, staff tags and an assignee on a request, and the
 * members a request can be assigned to. Each answers the request as it now is.
 */
export function deskRoutes({ app, services }: Pick<AppContext, 'app' | 'services'>): void {
  const { merchant } = services;
  const { desk } = merchant;
  const { requestOwner, deskCallerOf } = merchantCallers({ services });

  serveRoute(
    app,
    merchantRoute('addNote', requestOwner),
    async ({ input, caller: { shop, record, actor, member } }) => {
      await desk.addNote(record, { actor, member }, input.body);
      return merchant.detail(shop, record);
    },
  );

  serveRoute(
    app,
    merchantRoute('setTags', requestOwner),
    async ({ input, caller: { shop, record, actor, member } }) => {
      await desk.setTags(record, { actor, member }, input.tags);
      return merchant.detail(shop, record);
    },
  );

  serveRoute(
    app,
    merchantRoute('setAssignee', requestOwner),
    async ({ input, caller: { shop, record, actor, member } }) => {
      await desk.setAssignee(record, { actor, member }, input.assignee_id);
      return merchant.detail(shop, (await merchant.requests.byId(record.id)) ?? record);
    },
  );

  serveRoute(app, merchantRoute('assignees', deskCallerOf), ({ caller: { shop } }) => desk.members(shop.id));
}
