export interface LabelAddress {
  name: string;
  lines: string[];
}

export interface Label {
  carrier: string;
  trackingNumber: string;
  pdf: Uint8Array;
  /** A code the shopper shows at a counter to drop the item off without a box or a printed label, where supported. */
  dropOffCode?: string;
}

/** A United States address a carrier picks a parcel up from (spec §3 pickup address, with a name). */
export interface PickupPlace {
  name: string;
  street1: string;
  street2: string;
  city: string;
  /** Two-letter state code. */
  state: string;
  zip: string;
  /** Ten digits, no prefix. */
  phone: string;
  email: string;
}

export type AddressCheck = { ok: true } | { ok: false; message: string };

export interface PickupBooking {
  /** The carrier's id of the pickup, to cancel it. */
  pickupId: string;
  confirmation: string;
}

export interface PickupInput {
  /** Ours, unique per request: a retry of the same reference books the same pickup. */
  reference: string;
  place: PickupPlace;
  /** The label whose parcel is picked up. */
  trackingNumber: string;
  /** YYYY-MM-DD in `timezone`. */
  date: string;
  /** The slot key, e.g. `9-11` (hours, 24-hour clock). */
  slot: string;
  timezone: string;
}

export interface TrackingEvent {
  status: string;
  message: string;
  /** Unix seconds. */
  at: number;
}

export interface Tracking {
  trackingNumber: string;
  status: string;
  events: TrackingEvent[];
}

/** Labels, pickups and tracking (EasyPost in production; a sandbox that draws a real PDF by default). */
export interface Carrier {
  createLabel(input: { reference: string; from: LabelAddress; to: LabelAddress }): Promise<Label>;
  verifyAddress(place: PickupPlace): Promise<AddressCheck>;
  /** Creates and buys a pickup for a label's parcel. */
  schedulePickup(input: PickupInput): Promise<PickupBooking>;
  cancelPickup(pickupId: string): Promise<void>;
  track(trackingNumber: string): Promise<Tracking>;
}

/** A tracker event the carrier sent to our webhook. */
export interface CarrierTrackerEvent {
  /** The carrier's event id (EasyPost: `evt_…`): the same event may be delivered more than once. */
  id: string;
  /** What happened, e.g. `tracker.updated`. */
  description: string;
  trackingCode: string;
  /** The tracker's status, e.g. `in_transit`, `delivered`. */
  status: string;
  /** When the carrier created the event, in unix seconds. */
  at: number;
}

export type CarrierEventReading =
  | {
      ok: false;
      /** `signature`: not from the carrier (answer 4xx); `ignored`: a genuine event that is not a tracker's (answer 2xx). */
      reason?: 'signature' | 'ignored';
    }
  | { ok: true; event: CarrierTrackerEvent };

/** The carrier's tracker webhook: tells a delivery it signed from any other, and reads its event. */
export interface CarrierWebhook {
  read(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): CarrierEventReading;
}
