import { CLI_USER_AGENT, isId, SETTINGS_VERSION_HEADER, type SettingsSaver } from '@return-center/contract';
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
    // The CLI is a key holder like any other; its User-Agent only names who saved settings (never what it may do).
    const cli = request.headers['user-agent']?.startsWith(CLI_USER_AGENT) === true;
    return { shopId: await merchant.keys.shopOf(request), actor: cli ? 'cli' : 'merchant-api', member: null };
  };
  const shopOf = async (request: FastifyRequest) => storefront.requireShopById((await callerOf(request)).shopId);
  const ownerShopOf = async (request: FastifyRequest) =>
    storefront.requireShopById((await callerOf(request, { role: 'owner' })).shopId);
  /** The owner's shop and who they are ("console:<email>", "merchant-api", "cli"), for a save that records its author. */
  const ownerOf = async (request: FastifyRequest) => {
    const { shopId, actor } = await callerOf(request, { role: 'owner' });
    return { shop: await storefront.requireShopById(shopId), actor };
  };
  /** The caller of a request's route, with the request: another shop's answers exactly like one that does not exist. */
  const requestOwner = async (request: FastifyRequest) => {
    const { shopId, actor, member } = await callerOf(request);
    const shop = await storefront.requireShopById(shopId);
    const id = Number((request.params as { id: string }).id);
    const record = isId(id) ? await merchant.requests.byId(id) : undefined;
    if (!record || record.shop_id !== shop.id) throw errors.notFound();
    return { shop, record, actor, member };
  };
  /** The caller's shop and who they are, for a route that records who acted (a return made at the desk). */
  const actorOf = async (request: FastifyRequest) => {
    const { shopId, actor } = await callerOf(request);
    return { shop: await storefront.requireShopById(shopId), actor };
  };
  /** The shop and who calls (a console member, or null for an API key): the desk's list and calls (issue 33). */
  const deskCallerOf = async (request: FastifyRequest) => {
    const { shopId, actor, member } = await callerOf(request);
    return { shop: await storefront.requireShopById(shopId), desk: { actor, member } };
  };
  return { shopOf, ownerShopOf, ownerOf, requestOwner, actorOf, deskCallerOf };
}

/** The version an `If-Match` header names (`"3"` or `3`); -1 for one that names none we know; undefined without it. */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const ifMatch = request.headers[SETTINGS_VERSION_HEADER];
  return ifMatch === undefined ? undefined : Number(/^"?(\d+)"?$/.exec(ifMatch)?.[1] ?? -1);
}

/** Who a stored `settings_saved_by` names, as the conflict answer tells it. */
export function saverOf(savedBy: string): SettingsSaver {
  if (savedBy.startsWith('console:')) return { kind: 'staff', email: savedBy.slice('console:'.length) };
  if (savedBy === 'merchant-api') return { kind: 'merchant_api', email: '' };
  if (savedBy === 'cli') return { kind: 'cli', email: '' };
  return { kind: 'unknown', email: '' };
}
