import { formatMoney, rejectedShareOfHold } from '@return-center/domain';
import { PaymentRefused, type Payment, type Payments } from '../../adapters/payments/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { HoldSettleReason } from '../jobs/job-kinds.js';
import type { Outbox } from '../jobs/outbox.js';
import type { JobHandler } from '../jobs/worker.js';
import { acceptedAmount } from './inspection.js';
import type { RequestRecord } from './request-record.js';
import { inspectionsOf, recordEvent, type RequestsRepository } from './requests.repository.js';

/** One settling of a request's hold, ever: whichever moment comes first queues it (the outbox keeps one per key). */
const settleJobKey = (requestId: number) => `hold-settle:${String(requestId)}`;

/**
 * Queues the settling of an instant exchange's hold (ADR 047) when the request has one held: at receipt (the refused
 * units' share is captured, the rest let go), at the carrier's first scan when the rule says so (let go), at
 * rejection before receipt or when the parcel is overdue (captured in full). Pass a transaction to commit with it.
 */
export async function queueHoldSettle(
  outbox: Outbox,
  db: Db,
  request: Pick<RequestRecord, 'id' | 'hold_state'>,
  reason: HoldSettleReason,
): Promise<void> {
  if (request.hold_state !== 'held') return;
  await outbox.enqueue(db, 'request.exchange.hold', { requestId: request.id, reason }, settleJobKey(request.id));
}

/** The periodic capture: queues the settling of every hold whose parcel is past its time; answers how many. */
export async function queueOverdueHolds(db: Db, outbox: Outbox, clock: Clock): Promise<number> {
  const due = await db
    .selectFrom('return_requests')
    .select(['id', 'hold_state'])
    .where('hold_state', '=', 'held')
    .where('hold_capture_at', '>', 0)
    .where('hold_capture_at', '<=', nowSeconds(clock))
    .limit(500)
    .execute();
  for (const request of due) await queueHoldSettle(outbox, db, request, 'overdue');
  return due.length;
}

interface Deps {
  db: Db;
  clock: Clock;
  payments: Payments;
  requests: Pick<RequestsRepository, 'byId' | 'items'>;
  outbox: Outbox;
}

/**
 * Settles a request's hold once: captures what the shop is owed, or lets it go. The settle key is stored on the request
 * before the provider is called, so a retried job asks with the same key and the provider answers the first call.
 */
export function holdSettleJob(deps: Deps): JobHandler<'request.exchange.hold'> {
  return async ({ requestId, reason }) => {
    const request = await deps.requests.byId(requestId);
    if (!request || request.hold_state !== 'held' || !request.hold_payment_id) return;
    const amount = await owed(deps, request, reason);
    const key = await settleKey(deps.db, request, amount > 0 ? 'capture' : 'release');
    let payment: Payment;
    try {
      payment =
        amount > 0
          ? await deps.payments.capture(request.hold_payment_id, amount, key)
          : await deps.payments.release(request.hold_payment_id, key);
    } catch (error) {
      // Settled otherwise already (by the provider's own expiry, or by hand): record what it is.
      if (!(error instanceof PaymentRefused) || error.code === 'not_found') throw error;
      payment = await deps.payments.get(request.hold_payment_id);
    }
    await record(deps, request, payment, reason);
  };
}

/** What the shop is owed of the hold now: nothing once the parcel is scanned or arrived whole. */
async function owed(deps: Deps, request: RequestRecord, reason: HoldSettleReason): Promise<number> {
  if (reason === 'first_scan') return 0;
  const inspections = await inspectionsOf(deps.db, request.id);
  const received = await deps.db
    .selectFrom('request_events')
    .select('id')
    .where('request_id', '=', request.id)
    .where('action', '=', 'receive')
    .executeTakeFirst();
  // The parcel arrived (whatever queued this): the hold pays for the units refused at inspection, if any.
  if (received) {
    const items = await deps.requests.items(request.id);
    return rejectedShareOfHold(request.hold_amount, acceptedAmount(request.hold_amount, items, inspections));
  }
  // Rejected before it came back, or never came: the shopper keeps the new items and the old.
  return request.hold_amount;
}

async function settleKey(db: Db, request: RequestRecord, kind: 'capture' | 'release'): Promise<string> {
  if (request.hold_settle_key) return request.hold_settle_key;
  await db
    .updateTable('return_requests')
    .set({ hold_settle_key: `${request.hold_key}:${kind}` })
    .where('id', '=', request.id)
    .where('hold_settle_key', '=', '')
    .execute();
  const stored = await db
    .selectFrom('return_requests')
    .select('hold_settle_key')
    .where('id', '=', request.id)
    .executeTakeFirstOrThrow();
  return stored.hold_settle_key;
}

const WHY: Record<HoldSettleReason, string> = {
  received: 'the return was received',
  first_scan: 'the carrier scanned the parcel',
  rejected: 'the return was rejected before it came back',
  overdue: 'the parcel did not arrive in time',
};

async function record(deps: Deps, request: RequestRecord, payment: Payment, reason: HoldSettleReason): Promise<void> {
  const now = nowSeconds(deps.clock);
  const money = (amount: number) => formatMoney(amount, payment.currency, '');
  await deps.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('return_requests')
      .set({ hold_state: payment.state, hold_captured: payment.capturedAmount, hold_capture_at: 0 })
      .where('id', '=', request.id)
      .where('hold_state', '=', 'held')
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) return;
    const captured = payment.state === 'captured';
    await recordEvent(trx, {
      request_id: request.id,
      actor: 'payments',
      action: captured ? 'hold_captured' : 'hold_released',
      from_status: request.status,
      to_status: request.status,
      note: `${captured ? `${money(payment.capturedAmount)} of ${money(payment.amount)}` : money(payment.amount)}: ${WHY[reason]}`,
      at: now,
    });
    const event = captured ? 'hold_captured' : 'hold_released';
    await deps.outbox.enqueue(
      trx,
      'request.notify',
      { requestId: request.id, event, amount: captured ? payment.capturedAmount : payment.amount },
      `notify:${String(request.id)}:${event}`,
    );
  });
}
