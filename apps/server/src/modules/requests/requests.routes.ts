import { calls, Code, RequestStatus, ShippingMethodId } from '@return-center/contract';
import type { AppContext } from '../../app-context.js';
import { AppError, errors } from '../../http/app-error.js';
import { registerCall } from '../../http/register-call.js';
import type { Session } from '../auth/sessions.js';
import { DOCUMENT_KINDS, type DocumentKind } from '../documents/documents.js';
import { CARRIERS, trackingMatches } from './carriers.js';

/** The shopper's view of a submitted request: details, progress polling, tracking, documents. */
export function requestsRoutes({ app, authenticate, services, db, clock }: AppContext): void {
  const { storefront, orders, lifecycle, merchant, documents } = services;

  /** Ownership check: the request's order must be one the session may see. */
  const owned = async (session: Session, requestId: number) => {
    const record = await merchant.requests.byId(requestId);
    if (!record || record.shop_id !== session.shopId) throw errors.notFound();
    await orders.ownedOrder(session, record.order_id);
    return { record, shop: await storefront.requireShopById(session.shopId) };
  };

  registerCall(app, calls.returnInfo, authenticate, async (input, session) => {
    const { record, shop } = await owned(session, input.request_id);
    return lifecycle.detail(shop, record);
  });

  registerCall(app, calls.refundCheck, authenticate, async (input, session) => {
    const { record, shop } = await owned(session, input.id);
    const pending = await db
      .selectFrom('jobs')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .where((eb) =>
        eb.or([
          eb('dedupe_key', 'in', [`documents:${record.id}`, `refund:${record.id}`]),
          eb('dedupe_key', 'like', `notify:${record.id}:%`),
        ]),
      )
      .executeTakeFirst();
    const working = pending !== undefined || record.refund_state === 'pending' || record.refund_state === 'processing';
    return {
      status: record.status,
      work_flow_refresh: { continue: working, apply: !working },
      pickup: null,
      pickupMethod: null,
      detail: await lifecycle.detail(shop, record),
    };
  });

  registerCall(app, calls.shippingCarrier, authenticate, async () => ({ list: CARRIERS }));

  registerCall(app, calls.addTracking, authenticate, async (input, session) => {
    const { record } = await owned(session, input.request_id);
    if (record.status !== RequestStatus.Approved || record.shipping_method_id === ShippingMethodId.KeepItem) {
      throw new AppError(
        Code.IllegalTransition,
        'Tracking can be added once the return is approved and before it is received',
      );
    }
    if (!trackingMatches(input.shipping_carrier, input.tracking_number)) {
      throw errors.invalidInput(`tracking_number: not a valid ${input.shipping_carrier} tracking number`);
    }
    const proof = input.provide_proof.filter((url) => url.trim() !== '');
    if (!(await services.uploads.ownsAll(session, proof)))
      throw errors.invalidInput('provide_proof: upload the photos first');
    const now = Math.floor(clock.nowMs() / 1000);
    await db
      .updateTable('return_requests')
      .set({
        tracking_number: input.tracking_number.replace(/\s+/g, '').toUpperCase(),
        shipping_carrier: input.shipping_carrier,
        tracking_proof: JSON.stringify(proof),
        updated_at: now,
      })
      .where('id', '=', record.id)
      .execute();
    await db
      .insertInto('request_events')
      .values({
        request_id: record.id,
        actor: 'shopper',
        action: 'tracking',
        from_status: record.status,
        to_status: record.status,
        note: `${input.shipping_carrier} ${input.tracking_number}`,
        at: now,
      })
      .execute();
    return null;
  });

  app.get('/documents/:kind/:file', async (request, reply) => {
    const { kind, file } = request.params as { kind: DocumentKind; file: string };
    const requestId = Number(/^(\d+)\.pdf$/.exec(file)?.[1]);
    const query = request.query as { sig?: string; exp?: string };
    const sig = String(query.sig ?? '');
    const expires = Number(query.exp);
    if (!DOCUMENT_KINDS.includes(kind) || !requestId || !documents.verify(requestId, kind, expires, sig)) {
      return reply.status(403).send({ code: Code.Forbidden, msg: 'Access denied', data: null });
    }
    const pdf = await documents.get(requestId, kind);
    if (!pdf)
      return reply.status(404).send({ code: 404, msg: 'Request error, the resource was not found', data: null });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${kind}-${requestId}.pdf"`)
      .header('cache-control', 'private, max-age=3600')
      .send(pdf);
  });
}
