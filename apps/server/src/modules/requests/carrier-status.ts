import { parseDeskOutcome } from '@return-center/domain';
import type { Db } from '../../db/database.js';
import type { Outbox } from '../jobs/outbox.js';
import { PICKED_UP } from '../pickup/pickup-slot.js';
import { announce } from './announce.js';
import { queueHoldSettle } from './exchange-hold.js';
import { recordEvent } from './requests.repository.js';

/**
 * The carrier's latest status of the parcel whose tracking number this is, with a timeline entry; false when no request
 * has that tracking number. Pass a transaction to commit with it.
 */
export async function recordCarrierStatus(
  db: Db,
  outbox: Outbox,
  trackingCode: string,
  status: string,
  at: number,
): Promise<boolean> {
  const request = await db
    .selectFrom('return_requests')
    .select(['id', 'status', 'carrier_status', 'rule_outcome', 'hold_state', 'hold_release_on'])
    .where('tracking_number', '=', trackingCode)
    .where('tracking_number', '!=', '')
    .executeTakeFirst();
  if (!request) return false;
  await db.updateTable('return_requests').set({ carrier_status: status }).where('id', '=', request.id).execute();
  await recordEvent(db, {
    request_id: request.id,
    actor: 'carrier',
    action: 'tracking',
    from_status: request.status,
    to_status: request.status,
    note: `${trackingCode} ${status}`,
    at,
  });
  if (status !== request.carrier_status)
    await announce(outbox, db, request.id, 'tracking.updated', `tracking:${trackingCode}:${status}`);
  // The first scan: a rule may receive and refund the return now, before the parcel arrives (issue 32).
  // A failed or cancelled tracker is no scan: refunding then would pay for a parcel nobody is sending.
  const firstScan = !PICKED_UP.includes(request.carrier_status) && PICKED_UP.includes(status);
  // An instant exchange whose rule lets the hold go at the first scan (ADR 047).
  if (firstScan && request.hold_release_on === 'first_scan') await queueHoldSettle(outbox, db, request, 'first_scan');
  if (firstScan && parseDeskOutcome(request.rule_outcome).autoRefund?.when === 'first_scan')
    await outbox.enqueue(
      db,
      'request.rules',
      { requestId: request.id, moment: 'first_scan' },
      `rules:${request.id}:first_scan`,
    );
  return true;
}
