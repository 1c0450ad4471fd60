import { isId, SETTINGS_VERSION_HEADER } from '@return-center/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { errors } from '../../http/app-error.js';
import { consoleToken, staffCaller } from '../staff/console-auth.js';

/**
 * Who calls a merchant route: the shop's API key (bearer), or a console session (its cookie, with the CSRF header on a
 * change), for the console moves requests and edits settings and rules through these same routes. Settings and rules
 * are the owner's to change.
 */
export function merchantCallers({ services }: Pick<AppContext, 'services'>) {
  const { merchant, storefront, staff } = services;
  const callerOf = async (request: FastifyRequest, need: { role?: 'owner' } = {}) => {
    if (request.headers.authorization === undefined && consoleToken(request) !== undefined) {
      const { account } = await staffCaller(staff, request, need);
      const member = { id: account.id, name: account.name, email: account.email };
      return { shopId: account.shop_id, actor: `console:${account.email}`, member };
    }
    return { shopId: await merchant.keys.shopOf(request), actor: 'merchant-api', member: null };
  };
  const shopOf = async (request: FastifyRequest) => storefront.requireShopById((await callerOf(request)).shopId);
  const ownerShopOf = async (request: FastifyRequest) =>
    storefront.requireShopById((await callerOf(request, { role: 'owner' })).shopId);
  /** The caller of a request's route, with the request: another shop's answers exactly like one that does not exist. */
  const requestOwner = async (request: FastifyRequest) => {
    const { shopId, actor, member } = await callerOf(request);
    const shop = await storefront.requireShopById(shopId);
    const id = Number((request.params as { id: string }).id);
    const record = isId(id) ? await merchant.requests.byId(id) : undefined;
    if (!record || record.shop_id !== shop.id) throw errors.notFound();
    return { shop, record, actor, member };
  };
  /** The shop and who calls (a console member, or null for an API key): the desk's list and calls (issue 33). */
  const deskCallerOf = async (request: FastifyRequest) => {
    const { shopId, actor, member } = await callerOf(request);
    return { shop: await storefront.requireShopById(shopId), desk: { actor, member } };
  };
  return { shopOf, ownerShopOf, requestOwner, deskCallerOf };
}

/** The version an `If-Match` header names (`"3"` or `3`); -1 for one that names none we know; undefined without it. */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const ifMatch = request.headers[SETTINGS_VERSION_HEADER];
  return ifMatch === undefined ? undefined : Number(/^"?(\d+)"?$/.exec(ifMatch)?.[1] ?? -1);
}
