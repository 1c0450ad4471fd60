import type { Db } from '../../db/database.js';
import { recordEvent } from './requests.repository.js';

/**
 * The carrier's latest status of the parcel whose tracking number this is, with a timeline entry; false when no request
 * has that tracking number. Pass a transaction to commit with it.
 */
export async function recordCarrierStatus(db: Db, trackingCode: string, status: string, at: number): Promise<boolean> {
  const request = await db
    .selectFrom('return_requests')
    .select(['id', 'status'])
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
  return true;
}
