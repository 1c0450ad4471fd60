import {
  messages,
  PICKUP_COUNTRY,
  PICKUP_DEFAULT_CARRIER,
  RequestStatus,
  ShippingMethodId,
  type PickupAddress,
  type PickupSlot,
} from '@return-center/contract';
import {
  isBookablePickupDate,
  isPickupDateFormat,
  pickupAddressErrors,
  pickupTimeZone,
  pickupWindowIn,
} from '@return-center/domain';
import type { PickupPlace } from '../../adapters/carrier/port.js';
import { PICKUP_TIMES } from '../orders/order-source.js';

/** The first rule a pickup address breaks, as `field: message`, or null when it is complete (spec §5). */
export function pickupAddressProblem(address: PickupAddress): string | null {
  if (address.country_code !== PICKUP_COUNTRY) return `country_code: pickups are in the United States only`;
  const [problem] = Object.entries(pickupAddressErrors(address));
  if (problem) return `${problem[0]}: ${problem[1]}`;
  return pickupTimeZone(address) ? null : 'province_code: not a US state';
}

/**
 * The first rule a chosen pickup breaks at `nowMs`, or null when it can be booked. The day is checked in the zone of
 * the pickup address, whatever zone the client named.
 */
export function pickupSlotProblem(slot: PickupSlot, nowMs: number): string | null {
  if (slot.carrier !== PICKUP_DEFAULT_CARRIER) return `pickup.carrier: ${PICKUP_DEFAULT_CARRIER} is the carrier`;
  const address = pickupAddressProblem(slot.address);
  const zone = pickupTimeZone(slot.address);
  if (address || !zone) return `pickup.address.${address ?? 'province_code: not a US state'}`;
  if (!isPickupDateFormat(slot.date)) return `pickup.date: ${messages.invalidDateFormat}`;
  if (!isBookablePickupDate(slot.date, pickupWindowIn(zone, nowMs)))
    return `pickup.date: ${messages.pickupDateOutOfRange}`;
  if (!Object.hasOwn(PICKUP_TIMES, slot.time)) return `pickup.time: one of ${Object.keys(PICKUP_TIMES).join(', ')}`;
  return null;
}

/** The slot as stored with the request: trimmed, the phone and ZIP as typed, in the address's zone. */
export const storedSlot = (slot: PickupSlot): PickupSlot => {
  const address = Object.fromEntries(Object.entries(slot.address).map(([k, v]) => [k, v.trim()])) as PickupAddress;
  return {
    carrier: slot.carrier,
    timezone: pickupTimeZone(address) ?? '',
    address,
    date: slot.date,
    time: slot.time,
  };
};

/** A stored slot, in the zone of its address (a request stored before the server derived it kept the client's). */
export function readSlot(json: string): PickupSlot {
  const slot = JSON.parse(json) as PickupSlot;
  return { ...slot, timezone: pickupTimeZone(slot.address) ?? slot.timezone };
}

/** The carrier's view of the address, with a name for the driver. */
export function pickupPlace(address: PickupAddress, name: string): PickupPlace {
  return {
    name,
    street1: address.address1,
    street2: address.apartment,
    city: address.city,
    state: address.province_code,
    zip: address.zip,
    phone: address.phone.replace(/\D/g, ''),
    email: address.email,
  };
}

/**
 * Tracker statuses that mean the carrier has the parcel: a booked pickup has happened, a label was first scanned. Not
 * `pre_transit`/`unknown` (not yet), nor `failure`, `error`, `cancelled` or `return_to_sender` (no parcel on its way).
 */
export const PICKED_UP = ['in_transit', 'out_for_delivery', 'available_for_pickup', 'delivered'];

/** Until the carrier has the parcel (and the merchant has not decided against it), the pickup may change. */
export function pickupChangeable(request: { status: number; shipping_method_id: number; carrier_status: string }) {
  return (
    request.shipping_method_id === ShippingMethodId.CarrierPickup &&
    (request.status === RequestStatus.PendingReview || request.status === RequestStatus.Approved) &&
    !PICKED_UP.includes(request.carrier_status)
  );
}
