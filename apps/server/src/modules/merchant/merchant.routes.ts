import {
  Code,
  SETTINGS_VERSION_HEADER,
  isId,
  merchantRoutePattern,
  merchantRoutes,
  requestListQuery,
  shopSettings,
} from '@return-center/contract';
import type { RequestAction } from '@return-center/domain';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { AppError, errors } from '../../http/app-error.js';
import { consoleToken, staffCaller } from '../staff/console-auth.js';
import { parseInput as parse } from '../../http/register-call.js';
import type { TransitionInput } from '../requests/lifecycle.service.js';
import { MERCHANT_DOCS_CSP, merchantDocsHtml, merchantOpenApi } from './openapi.js';

const ok = (data: unknown) => ({ code: Code.Success, msg: 'ok', data });

/** The merchant REST API: review requests, move them along, and edit the store configuration. */
export function merchantApiRoutes({ app, services }: AppContext): void {
  const { merchant, lifecycle, storefront, staff } = services;
  /**
   * The caller is the shop's API key (bearer), or a console session (its cookie, with the CSRF header on a change):
   * the console moves requests and edits settings through these same routes. Settings are the owner's to change.
   */
  const callerOf = async (request: FastifyRequest, need: { role?: 'owner' } = {}) => {
    if (request.headers.authorization === undefined && consoleToken(request) !== undefined) {
      const { account } = await staffCaller(staff, request, need);
      return { shopId: account.shop_id, actor: `console:${account.email}` };
    }
    return { shopId: await merchant.keys.shopOf(request), actor: 'merchant-api' };
  };
  const shopFor = async (request: FastifyRequest, need: { role?: 'owner' } = {}) =>
    storefront.requireShopById((await callerOf(request, need)).shopId);
  const ownedRequest = async (request: FastifyRequest) => {
    const { shopId, actor } = await callerOf(request);
    const shop = await storefront.requireShopById(shopId);
    const id = Number((request.params as { id: string }).id);
    const record = isId(id) ? await merchant.requests.byId(id) : undefined;
    // Another shop's request answers exactly like one that does not exist, so ids tell nothing across shops.
    if (!record || record.shop_id !== shop.id) throw errors.notFound();
    return { shop, record, actor };
  };

  app.get(merchantRoutePattern('list'), async (request) => {
    const shop = await shopFor(request);
    const query = parse(requestListQuery, request.query);
    return ok(await merchant.list(shop, query));
  });

  app.get(merchantRoutePattern('get'), async (request) => {
    const { shop, record } = await ownedRequest(request);
    return ok(await merchant.detail(shop, record));
  });

  for (const action of ['approve', 'reject', 'receive', 'refund', 'resolve'] as RequestAction[]) {
    app.post(merchantRoutePattern(action), async (request) => {
      const { shop, record, actor } = await ownedRequest(request);
      // The action bodies (rejectBody, refundBody, emptyBody) all parse to a TransitionInput, or nothing.
      const body = parse(merchantRoutes[action].body, request.body) as TransitionInput | undefined;
      const updated = await lifecycle.transition(shop, record.id, action, actor, body ?? {});
      return ok(await merchant.detail(shop, updated));
    });
  }

  // The settings' version travels as an ETag; a PUT with If-Match saves only over that version (else 412, code 1092).
  app.get(merchantRoutePattern('getSettings'), async (request, reply) => {
    const shop = await storefront.shops.fresh(await shopFor(request));
    reply.header('etag', `"${String(shop.settingsVersion)}"`);
    return ok(shop.settings);
  });

  app.put(merchantRoutePattern('putSettings'), async (request, reply) => {
    const shop = await shopFor(request, { role: 'owner' });
    const settings = parse(shopSettings, request.body);
    const ifMatch = request.headers[SETTINGS_VERSION_HEADER];
    const fromVersion = ifMatch === undefined ? undefined : Number(/^"?(\d+)"?$/.exec(ifMatch)?.[1] ?? -1);
    const version = await storefront.shops.updateSettings(shop, settings, fromVersion);
    if (version === null)
      throw new AppError(
        Code.SettingsConflict,
        'Someone saved these settings after you opened them: reload to see their changes, then make yours again',
        412,
      );
    reply.header('etag', `"${String(version)}"`);
    return ok(settings);
  });

  // Made at the first request, not at start: turning every contract schema into JSON Schema takes ~100 ms of CPU.
  let doc: ReturnType<typeof merchantOpenApi> | undefined;
  const openApi = () => (doc ??= merchantOpenApi());
  app.get('/merchant/docs/openapi.json', () => openApi());
  app.get('/merchant/docs', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', MERCHANT_DOCS_CSP)
      .send(merchantDocsHtml(openApi())),
  );
}
