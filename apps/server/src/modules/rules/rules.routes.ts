import { Code, type RuleSet } from '@return-center/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError, errors } from '../../http/app-error.js';
import { LIMITS } from '../auth/rate-limiter.js';
import { merchantRoute } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { ifMatchVersion, merchantCallers } from '../merchant/merchant-callers.js';
import type { Shop } from '../storefront-config/shop.js';
import { addRule, checkedSet, reorderRules, replaceAll, replaceRule, type RuleEdit } from './rule-edits.js';

const stale = () =>
  new AppError(
    Code.SettingsConflict,
    'Someone saved these rules after you opened them: reload to see their changes, then make yours again',
    412,
  );

/** The merchant API's rules (issue 32): read, replace, add, change and move rules, and try drafts on past requests. */
export function rulesRoutes({ app, services }: AppContext): void {
  const { rules, rulesSimulator } = services;
  const { shopOf, ownerShopOf } = merchantCallers({ services });

  /**
   * Makes the edit on the stored set and saves it over the version the caller read (`If-Match`), or, without one,
   * over the version it was made on, again if another save came between. The version travels as the ETag.
   */
  async function save(shop: Shop, request: FastifyRequest, reply: FastifyReply, edit: RuleEdit): Promise<RuleSet> {
    const named = ifMatchVersion(request);
    for (let attempt = 0; attempt < 3; attempt++) {
      const current = await rules.current(shop);
      if (named !== undefined && named !== current.version) throw stale();
      const body = checkedSet(edit({ rules: current.rules, lists: current.lists }));
      const version = await rules.save(shop, body, current.version);
      if (version !== null) {
        reply.header('etag', `"${String(version)}"`);
        return { version, ...body };
      }
      if (named !== undefined) throw stale();
    }
    throw stale();
  }

  serveRoute(app, merchantRoute('getRules', shopOf), async ({ caller: shop, reply }) => {
    const set = await rules.current(shop);
    reply.header('etag', `"${String(set.version)}"`);
    return set;
  });
  serveRoute(app, merchantRoute('putRules', ownerShopOf), ({ input, caller, request, reply }) =>
    save(caller, request, reply, replaceAll(input)),
  );
  serveRoute(app, merchantRoute('createRule', ownerShopOf), ({ input, caller, request, reply }) =>
    save(caller, request, reply, addRule(input)),
  );
  serveRoute(app, merchantRoute('updateRule', ownerShopOf), ({ id, input, caller, request, reply }) =>
    save(caller, request, reply, replaceRule(id, input)),
  );
  serveRoute(app, merchantRoute('reorderRules', ownerShopOf), ({ input, caller, request, reply }) =>
    save(caller, request, reply, reorderRules(input.ids)),
  );
  serveRoute(app, merchantRoute('simulateRules', shopOf), async ({ input, caller }) => {
    if (!(await services.limiter.hit(`rules-simulate:${String(caller.id)}`, LIMITS.rulesSimulationsPerShop)))
      throw errors.rateLimited();
    return rulesSimulator.simulate(caller, input.rules, input.limit);
  });
}
