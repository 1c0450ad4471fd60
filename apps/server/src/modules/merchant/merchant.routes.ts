import {
  Code,
  isId,
  merchantRoutePattern,
  merchantRoutes,
  requestListQuery,
  shopSettings,
} from '@return-center/contract';
import type { RequestAction } from '@return-center/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { errors } from '../../http/app-error.js';
import { describeIssues } from '../../http/register-call.js';
import type { TransitionInput } from '../requests/lifecycle.service.js';
import { merchantDocsHtml, merchantOpenApi } from './openapi.js';

const parse = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> => {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw errors.invalidInput(describeIssues(result.error));
  return result.data;
};
const ok = (data: unknown) => ({ code: Code.Success, msg: 'ok', data });

/** The merchant REST API: review requests, move them along, and edit the store configuration. */
export function merchantApiRoutes({ app, services }: AppContext): void {
  const { merchant, lifecycle, storefront } = services;
  const shopFor = async (request: FastifyRequest) => storefront.requireShopById(await merchant.keys.shopOf(request));
  const ownedRequest = async (request: FastifyRequest) => {
    const shop = await shopFor(request);
    const id = Number((request.params as { id: string }).id);
    const record = isId(id) ? await merchant.requests.byId(id) : undefined;
    // Another shop's request answers exactly like one that does not exist, so ids tell nothing across shops.
    if (!record || record.shop_id !== shop.id) throw errors.notFound();
    return { shop, record };
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
      const { shop, record } = await ownedRequest(request);
      // The action bodies (rejectBody, refundBody, emptyBody) all parse to a TransitionInput, or nothing.
      const body = parse(merchantRoutes[action].body, request.body) as TransitionInput | undefined;
      const updated = await lifecycle.transition(shop, record.id, action, 'merchant-api', body ?? {});
      return ok(await merchant.detail(shop, updated));
    });
  }

  app.get(merchantRoutePattern('getSettings'), async (request) => ok((await shopFor(request)).settings));

  app.put(merchantRoutePattern('putSettings'), async (request) => {
    const shop = await shopFor(request);
    const settings = parse(shopSettings, request.body);
    await storefront.shops.updateSettings(shop, settings);
    return ok(settings);
  });

  // Made at the first request, not at start: turning every contract schema into JSON Schema takes ~100 ms of CPU.
  let doc: ReturnType<typeof merchantOpenApi> | undefined;
  const openApi = () => (doc ??= merchantOpenApi());
  app.get('/merchant/docs/openapi.json', () => openApi());
  app.get('/merchant/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(merchantDocsHtml(openApi())),
  );
}
