import { createHash } from 'node:crypto';
import { Code, messages, RefundState, type calls, type CheckInfo } from '@return-center/contract';
import { canAddTracking } from '@return-center/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import { AppError, errors } from '../../http/app-error.js';
import type { PlatformOrder } from '../../adapters/store-platform/port.js';
import type { Session } from '../auth/sessions.js';
import type { Outbox } from '../jobs/outbox.js';
import { seesRequest, type OrdersService } from '../orders/orders.service.js';
import type { StorefrontConfigService } from '../storefront-config/storefront-config.service.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import { pickupChangeable, pickupSlotProblem, readSlot, storedSlot } from '../pickup/pickup-slot.js';
import { trackingMatches } from './carriers.js';
import type { LifecycleService } from './lifecycle.service.js';
import type { RequestRecord } from './request-record.js';
import type { RequestsRepository } from './requests.repository.js';

type TrackingInput = z.output<typeof calls.addTracking.payload>;
type PickupInput = z.output<typeof calls.pickupUpdate.payload>;

/** The shopper's side of a submitted request: its details, whether work is still running, and tracking. */
export class ShopperRequestsService {
  constructor(
    private readonly deps: {
      requests: RequestsRepository;
      orders: OrdersService;
      storefront: StorefrontConfigService;
      lifecycle: LifecycleService;
      outbox: Outbox;
      uploads: UploadsService;
      clock: Clock;
    },
  ) {}

  /** Ownership check: the request's order must be one the session may see; anything else looks missing. */
  /** The session's request, with its order (read once here, for the callers that show it). */
  private async owned(session: Session, requestId: number): Promise<{ record: RequestRecord; order: PlatformOrder }> {
    const record = await this.deps.requests.byId(requestId);
    if (!record || record.shop_id !== session.shopId) throw errors.notFound();
    const order = await this.deps.orders.ownedOrder(session, record.order_id);
    const shop = await this.deps.storefront.requireShopById(session.shopId);
    if (!seesRequest(shop, session, record)) throw errors.notFound();
    return { record, order };
  }

  async detail(session: Session, requestId: number): Promise<CheckInfo> {
    const { record, order } = await this.owned(session, requestId);
    return this.deps.lifecycle.detail(await this.deps.storefront.requireShopById(session.shopId), record, order);
  }

  /** The status page polls this while documents, the refund or emails are still being made. */
  async progress(session: Session, requestId: number) {
    const { record, order } = await this.owned(session, requestId);
    const jobsRunning = await this.deps.outbox.hasPending(
      [`documents:${record.id}`, `refund:${record.id}`],
      [`notify:${record.id}:`],
    );
    const refunding = record.refund_state === RefundState.Pending || record.refund_state === RefundState.Processing;
    const working = jobsRunning || refunding;
    const shop = await this.deps.storefront.requireShopById(session.shopId);
    const detail = await this.deps.lifecycle.detail(shop, record, order);
    return {
      status: record.status,
      work_flow_refresh: { continue: working, apply: !working },
      pickup: record.pickup ? readSlot(record.pickup) : null,
      pickupMethod: detail.pickupMethod,
      detail,
    };
  }

  async addTracking(session: Session, input: TrackingInput): Promise<void> {
    const { record } = await this.owned(session, input.request_id);
    if (!canAddTracking({ status: record.status, shippingMethodId: record.shipping_method_id })) {
      throw new AppError(
        Code.IllegalTransition,
        'Tracking can be added once the return is approved and before it is received',
      );
    }
    if (!trackingMatches(input.shipping_carrier, input.tracking_number)) {
      throw errors.invalidInput(`tracking_number: not a valid ${input.shipping_carrier} tracking number`);
    }
    const proof = input.provide_proof.filter((url) => url.trim() !== '');
    if (!(await this.deps.uploads.ownsAll(session, proof)))
      throw errors.invalidInput('provide_proof: upload the photos first');
    await this.deps.requests.recordTracking(
      record,
      {
        number: input.tracking_number.replace(/\s+/g, '').toUpperCase(),
        carrier: input.shipping_carrier,
        proof,
      },
      nowSeconds(this.deps.clock),
    );
  }

  /** The shopper changes where or when the carrier comes, until the parcel is picked up (spec pickupUpdate). */
  async updatePickup(session: Session, input: PickupInput): Promise<{ code: number; msg: string }> {
    const { record } = await this.owned(session, input.request_id);
    if (!pickupChangeable(record))
      return { code: Code.IllegalTransition, msg: 'The pickup of this return can no longer be changed' };
    const problem = pickupSlotProblem(input.pickup, this.deps.clock.nowMs());
    if (problem) return { code: Code.InvalidInput, msg: problem };
    const at = nowSeconds(this.deps.clock);
    const slot = JSON.stringify(storedSlot(input.pickup));
    const note = `${input.pickup.date} ${input.pickup.time}, ${input.pickup.address.address1} ${input.pickup.address.zip}`;
    const saved = await this.deps.requests.recordPickup(record, { json: slot, note }, at, (trx) =>
      this.deps.outbox.enqueue(
        trx,
        'request.pickup',
        { requestId: record.id },
        `pickup:${record.id}:${createHash('sha256').update(slot).digest('hex').slice(0, 16)}:${at}`,
      ),
    );
    return saved
      ? { code: Code.Success, msg: messages.modifiedSuccessfully }
      : { code: Code.IllegalTransition, msg: 'The pickup of this return can no longer be changed' };
  }
}
