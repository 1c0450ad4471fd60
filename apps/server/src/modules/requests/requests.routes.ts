import { calls, Code, messages } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { portalCall } from '../../http/contract-routes.js';
import { serveRoute } from '../../http/serve-route.js';
import { DOCUMENT_FILES, DOCUMENT_KINDS, type DocumentKind } from '../documents/documents.js';
import { CARRIERS } from './carriers.js';

/** The shopper's view of a submitted request: details, progress polling, tracking, documents. */
export function requestsRoutes({ app, authenticate, services }: AppContext): void {
  const { shopperRequests, documents } = services;

  serveRoute(app, portalCall(calls.returnInfo, authenticate), ({ input, caller: session }) =>
    shopperRequests.detail(session, input.request_id),
  );

  serveRoute(app, portalCall(calls.refundCheck, authenticate), ({ input, caller: session }) =>
    shopperRequests.progress(session, input.id),
  );

  serveRoute(app, portalCall(calls.shippingCarrier, authenticate), () => Promise.resolve({ list: CARRIERS }));

  serveRoute(app, portalCall(calls.addTracking, authenticate), async ({ input, caller: session }) => {
    await shopperRequests.addTracking(session, input);
    return null;
  });

  app.get('/documents/:kind/:file', async (request, reply) => {
    const { kind, file } = request.params as { kind: DocumentKind; file: string };
    const [, id, extension] = /^(\d+)\.(\w+)$/.exec(file) ?? [];
    const requestId = Number(id);
    // A repeated parameter (`?sig=a&sig=b`) arrives as an array, which String() joins.
    const query = request.query as { sig?: string | string[]; exp?: string | string[] };
    const sig = String(query.sig ?? '');
    const expires = Number(query.exp);
    const known = DOCUMENT_KINDS.includes(kind) && DOCUMENT_FILES[kind].extension === extension;
    if (!known || !requestId || !documents.verify(requestId, kind, expires, sig)) {
      return reply.status(403).send({ code: Code.Forbidden, msg: 'Access denied', data: null });
    }
    const content = await documents.get(requestId, kind);
    if (!content) return reply.status(404).send({ code: Code.RouteNotFound, msg: messages.notFound, data: null });
    const served = DOCUMENT_FILES[kind];
    const disposition = served.download ? 'attachment' : 'inline';
    return reply
      .type(served.type)
      .header('content-disposition', `${disposition}; filename="${kind}-${requestId}.${served.extension}"`)
      .header('cache-control', 'private, max-age=3600')
      .send(content);
  });
}
