import { Code, type SettingsConflict } from '@return-center/contract';
import type { FastifyReply } from 'fastify';
import type { RequestAction } from '@return-center/domain';
import type { AppContext } from '../../app-context.js';
import { nowSeconds } from '../../clock.js';
import { AppError } from '../../http/app-error.js';
import { stampStatementEdit } from '../accessibility/statement-edits.js';
import type { Shop } from '../storefront-config/shop.js';
import { merchantRoute } from '../../http/contract-routes.js';
import { MediaAnswer, serveRoute } from '../../http/serve-route.js';
import { deskReturnsRoutes } from './desk-returns.routes.js';
import { deskRoutes } from './desk.routes.js';
import { ifMatchVersion, merchantCallers, saverOf } from './merchant-callers.js';
import { MERCHANT_DOCS_CSP, merchantDocsHtml, merchantOpenApi } from './openapi.js';

/** The merchant REST API: review requests, move them along, and edit the store configuration. */
export function merchantApiRoutes({ app, clock, services }: AppContext): void {
  const { merchant, lifecycle, storefront } = services;
  const { shopOf, ownerOf, requestOwner, deskCallerOf } = merchantCallers({ services });

  serveRoute(app, merchantRoute('list', deskCallerOf), async ({ input, caller: { shop, desk } }) =>
    merchant.list(shop, input, desk),
  );
  deskRoutes({ app, services });

  // CSV files streamed page by page, outside the envelope; the list's filters choose their requests.
  const csvFile = (reply: FastifyReply, name: string, shop: Shop, body: NodeJS.ReadableStream) => {
    void reply.header('cache-control', 'no-store');
    const file = `${name}-${shop.shopUrl.replace(/[^a-z0-9.-]/gi, '')}.csv`;
    return Promise.resolve(
      new MediaAnswer<string>('text/csv; charset=utf-8', body, {
        'content-disposition': `attachment; filename="${file}"`,
      }),
    );
  };
  serveRoute(app, merchantRoute('exportRequests', deskCallerOf), ({ input, caller: { shop, desk }, reply }) =>
    csvFile(reply, 'requests', shop, merchant.exportCsv(shop, input, desk)),
  );
  serveRoute(app, merchantRoute('exportReconciliation', deskCallerOf), ({ input, caller: { shop, desk }, reply }) =>
    csvFile(reply, 'exchange-reconciliation', shop, merchant.reconciliationCsv(shop, input, desk)),
  );

  serveRoute(app, merchantRoute('get', requestOwner), ({ caller: { shop, record } }) => merchant.detail(shop, record));

  for (const action of ['approve', 'reject', 'receive', 'refund', 'resolve'] as const satisfies RequestAction[]) {
    serveRoute(app, merchantRoute(action, requestOwner), async ({ input, caller: { shop, record, actor } }) => {
      const updated = await lifecycle.transition(shop, record.id, action, actor, input ?? {});
      return merchant.detail(shop, updated);
    });
  }

  deskReturnsRoutes({ app, services });

  serveRoute(app, merchantRoute('giftCode', shopOf), async ({ id, caller: shop }) => services.auth.giftCode(shop, id));

  // The settings' version travels as an ETag; a PUT with If-Match saves only over that version (else 412, code 1092).
  serveRoute(app, merchantRoute('getSettings', shopOf), async ({ caller, reply }) => {
    const shop = await storefront.shops.fresh(caller);
    reply.header('etag', `"${String(shop.settingsVersion)}"`);
    return shop.settings;
  });

  serveRoute(app, merchantRoute('putSettings', ownerOf), async ({ input, caller, request, reply }) => {
    // The statement's part is dated by the server when it changes (ADR 043).
    const previous = (await storefront.shops.fresh(caller.shop)).settings.accessibility;
    const settings = { ...input, accessibility: stampStatementEdit(previous, input.accessibility, nowSeconds(clock)) };
    const version = await storefront.shops.updateSettings(caller.shop, settings, ifMatchVersion(request), caller.actor);
    if (version === null) {
      // Who won and what they saved: the console shows it field by field, the CLI names who it was.
      const current = await storefront.shops.fresh(caller.shop);
      const conflict: SettingsConflict = {
        saved_by: saverOf(current.settingsSavedBy),
        saved_at: current.settingsSavedAt,
        version: current.settingsVersion,
        settings: current.settings,
      };
      reply.header('etag', `"${String(current.settingsVersion)}"`);
      throw new AppError(
        Code.SettingsConflict,
        'Someone saved these settings after you opened them: see their changes, then keep yours or take theirs',
        412,
        conflict,
      );
    }
    reply.header('etag', `"${String(version)}"`);
    return settings;
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
