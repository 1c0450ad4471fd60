import { createHash } from 'node:crypto';
import { RequestStatus } from '@return-center/contract';
import type { Carrier } from '../../adapters/carrier/port.js';
import type { Db } from '../../db/database.js';
import { pickupPlace, readSlot } from '../pickup/pickup-slot.js';
import type { RequestsRepository } from './requests.repository.js';

interface Booking {
  pickupId: string;
  confirmation: string;
  /** The stored slot this booking was made for. */
  slot: string;
}

/**
 * Books the carrier pickup of an approved request's label with the slot the shopper chose last. A booking of an
 * earlier slot is cancelled first; a booking of this slot is kept, so a rerun books nothing twice.
 */
export async function bookPickup(
  deps: { requests: RequestsRepository; carrier: Carrier; db: Db },
  requestId: number,
): Promise<void> {
  const request = await deps.requests.byId(requestId);
  if (!request?.pickup || !request.tracking_number || request.status !== RequestStatus.Approved) return;
  const booking = request.pickup_booking ? (JSON.parse(request.pickup_booking) as Booking) : null;
  if (booking?.slot === request.pickup) return;
  if (booking) await deps.carrier.cancelPickup(booking.pickupId);
  const slot = readSlot(request.pickup);
  const digest = createHash('sha256').update(request.pickup).digest('hex').slice(0, 12);
  const booked = await deps.carrier.schedulePickup({
    reference: `request-${String(request.id)}-${String(request.created_at)}-${digest}`,
    place: pickupPlace(slot.address, request.customer_email),
    trackingNumber: request.tracking_number,
    date: slot.date,
    slot: slot.time,
    timezone: slot.timezone,
  });
  const stored: Booking = { ...booked, slot: request.pickup };
  await deps.db
    .updateTable('return_requests')
    .set({ pickup_booking: JSON.stringify(stored) })
    .where('id', '=', request.id)
    .execute();
}
