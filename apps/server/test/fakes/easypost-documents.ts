import { randomBytes } from 'node:crypto';
import { isWeekendDate } from '@return-center/domain';
import { SandboxCarrier } from '../../src/adapters/carrier/sandbox.js';

/** The JSON documents of the fake EasyPost (easypost-server.ts): addresses, shipments, labels, trackers, pickups. */

export type Json = Record<string, unknown>;

/** An EasyPost error answer: its HTTP status, code and message. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;
export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
export const stamps = () => ({ created_at: now(), updated_at: now(), mode: 'test' });
export const str = (value: unknown) => (typeof value === 'string' ? value : '');
export const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
/** What USPS (through EasyPost) says of an address it cannot find. */
const NOT_FOUND = [{ code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found', suggestion: null }];
/** The rates of a test account with USPS and UPS (UPS is cheaper here, so a USPS-only choice shows). */
const RATES: [carrier: string, service: string, rate: string, days: number][] = [
  ['USPS', 'Express', '33.10', 2],
  ['USPS', 'Priority', '6.90', 2],
  ['USPS', 'GroundAdvantage', '5.93', 3],
  ['UPS', 'Ground', '4.10', 5],
];

export function address(input: Json, verify: boolean): Json {
  const fields = Object.fromEntries(
    ['name', 'company', 'street1', 'street2', 'city', 'state', 'zip', 'phone', 'email'].map((key) => [
      key,
      typeof input[key] === 'string' ? input[key] : null,
    ]),
  );
  const base = { id: newId('adr'), object: 'Address', ...stamps(), ...fields, country: str(input.country) || 'US' };
  const extra = { carrier_facility: null, residential: null, federal_tax_id: null, state_tax_id: null };
  if (!verify) return { ...base, ...extra, verifications: {} };
  const street1 = str(input.street1);
  const ok =
    /^\d+\s+\S/.test(street1) &&
    !/undeliverable/i.test(street1) &&
    str(input.city) !== '' &&
    /^[A-Za-z]{2}$/.test(str(input.state)) &&
    /^\d{5}(-\d{4})?$/.test(str(input.zip));
  const check = (details: unknown) => ({ success: ok, errors: ok ? [] : NOT_FOUND, details });
  const upper = ok ? { street1: street1.toUpperCase(), city: str(input.city).toUpperCase() } : {};
  const details = ok ? { latitude: 40.7506, longitude: -73.9972, time_zone: 'America/New_York' } : {};
  return { ...base, ...upper, ...extra, verifications: { zip4: check(null), delivery: check(details) } };
}

export function requireAddress(input: unknown, what: string): Json {
  const fields = obj(input);
  for (const key of ['street1', 'city', 'state', 'zip'])
    if (!str(fields[key])) throw new Refusal(422, 'PARAMETER.REQUIRED', `Missing required parameter: ${what}.${key}`);
  return address(fields, false);
}

/** A return shipment as EasyPost makes it, with the test account's rates; not bought yet. */
export function shipmentDocument(input: Json): Json {
  const id = newId('shp');
  const given = [requireAddress(input.from_address, 'from_address'), requireAddress(input.to_address, 'to_address')];
  // A return goes the other way: EasyPost swaps the outbound addresses it was given.
  const [from, to] = input.is_return === true ? given.reverse() : given;
  const parcel = obj(input.parcel);
  if (!(Number(parcel.weight) > 0)) throw new Refusal(422, 'PARAMETER.REQUIRED', 'Missing parcel weight');
  const rates = RATES.map(([carrier, service, rate, days]) => ({
    id: newId('rate'),
    object: 'Rate',
    ...stamps(),
    service,
    carrier,
    rate,
    currency: 'USD',
    retail_rate: rate,
    retail_currency: 'USD',
    list_rate: rate,
    list_currency: 'USD',
    billing_type: 'easypost',
    delivery_days: days,
    delivery_date: null,
    delivery_date_guaranteed: false,
    est_delivery_days: days,
    shipment_id: id,
    carrier_account_id: `ca_${carrier.toLowerCase()}`,
  }));
  const shipment = {
    id,
    object: 'Shipment',
    ...stamps(),
    reference: str(input.reference) || null,
    is_return: input.is_return === true,
    status: 'unknown',
    tracking_code: null,
    options: { ...obj(input.options), currency: 'USD' },
    from_address: from,
    to_address: to,
    return_address: from,
    buyer_address: to,
    parcel: { id: newId('prcl'), object: 'Parcel', ...stamps(), ...parcel, predefined_package: null },
    rates,
    selected_rate: null,
    postage_label: null,
    tracker: null,
    messages: [],
    fees: [],
    forms: [],
    insurance: null,
    customs_info: null,
    scan_form: null,
    refund_status: null,
    usps_zone: 4,
    batch_id: null,
    batch_status: null,
    batch_message: null,
  };
  return shipment;
}

/** The tracker EasyPost starts when it buys a label: pre-transit, one detail. */
export function trackerDocument(shipment: Json, carrier: unknown, trackingCode: string, publicUrl: string): Json {
  const tracker = {
    id: newId('trk'),
    object: 'Tracker',
    ...stamps(),
    tracking_code: trackingCode,
    status: 'pre_transit',
    status_detail: 'status_update',
    signed_by: null,
    weight: null,
    est_delivery_date: null,
    shipment_id: shipment.id,
    carrier,
    tracking_details: [
      {
        object: 'TrackingDetail',
        message: 'Pre-Shipment Info Sent to USPS',
        description: '',
        status: 'pre_transit',
        status_detail: 'status_update',
        datetime: now(),
        source: 'USPS',
        carrier_code: '',
        tracking_location: { object: 'TrackingLocation', city: null, state: null, country: null, zip: null },
      },
    ],
    carrier_detail: null,
    finalized: false,
    is_return: shipment.is_return,
    public_url: publicUrl,
    fees: [],
  };
  return tracker;
}

/** The postage label of a bought shipment, its file at `labelUrl`. */
export function postageLabel(labelUrl: string, pdf: boolean): Json {
  return {
    object: 'PostageLabel',
    id: newId('pl'),
    ...stamps(),
    date_advance: 0,
    integrated_form: 'none',
    label_date: now(),
    label_resolution: 300,
    label_size: '4x6',
    label_type: 'default',
    label_file_type: pdf ? 'application/pdf' : 'image/png',
    label_url: labelUrl,
    label_pdf_url: null,
    label_zpl_url: null,
    label_epl2_url: null,
    label_file: null,
  };
}

/** A pickup as EasyPost makes it: rated, not bought; none on a weekend (the day as written, in the shopper's offset). */
export function pickupDocument(input: Json, shipment: Json): Json {
  const min = str(input.min_datetime);
  const max = str(input.max_datetime);
  if (Number.isNaN(Date.parse(min)) || Number.isNaN(Date.parse(max)) || Date.parse(max) < Date.parse(min))
    throw new Refusal(422, 'PICKUP.INVALID_PARAMS', 'min_datetime and max_datetime must be times, min first');
  const id = newId('pickup');
  const pickupRate = { id: newId('pickuprate'), object: 'PickupRate', ...stamps(), service: 'NextDay', rate: '0.00' };
  Object.assign(pickupRate, { currency: 'USD', carrier: 'USPS', pickup_id: id });
  // The date as written, in the shopper's own offset: that is the day the driver comes.
  const weekend = isWeekendDate(min.slice(0, 10));
  const pickup = {
    id,
    object: 'Pickup',
    ...stamps(),
    status: 'unknown',
    reference: str(input.reference) || null,
    min_datetime: min,
    max_datetime: max,
    is_account_address: input.is_account_address === true,
    instructions: str(input.instructions) || null,
    messages: weekend
      ? [
          {
            carrier: 'USPS',
            type: 'rate_error',
            carrier_account_id: 'ca_usps',
            message: 'USPS does not pick up packages on Saturdays or Sundays for this address',
          },
        ]
      : [],
    confirmation: null,
    address: requireAddress(input.address, 'address'),
    shipment,
    carrier_accounts: [],
    pickup_rates: weekend ? [] : [pickupRate],
  };
  return pickup;
}

/** A 1×1 PNG, for a label_url in PNG. */
export const LABEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A label file in PDF for the shipment, drawn as the sandbox carrier draws its labels. */
export function drawLabelPdf(reference: string, shipment: Json): Promise<Uint8Array> {
  const side = (a: unknown) => {
    const fields = obj(a);
    return {
      name: str(fields.name),
      lines: [str(fields.street1), `${str(fields.city)}, ${str(fields.state)} ${str(fields.zip)}`],
    };
  };
  return new SandboxCarrier()
    .createLabel({ reference, from: side(shipment.from_address), to: side(shipment.to_address) })
    .then((label) => label.pdf);
}

/** Buys the pickup's rate for `carrier` and `service` (as the buy call names them): scheduled, with a confirmation. */
export function buyPickup(pickup: Json, body: Json): Json {
  if (pickup.status !== 'unknown')
    throw new Refusal(422, 'PICKUP.STATUS', `The pickup is ${str(pickup.status)} already`);
  const rate = (pickup.pickup_rates as Json[]).find((r) => r.carrier === body.carrier && r.service === body.service);
  if (!rate) throw new Refusal(422, 'PICKUP.RATE.NOT_FOUND', 'No such pickup rate');
  const confirmation = `WTC${String(10_000_000 + (randomBytes(4).readUInt32BE() % 90_000_000))}`;
  return Object.assign(pickup, { status: 'scheduled', confirmation, updated_at: now() });
}

/** A tracker for a code EasyPost has not tracked yet: nothing known of it. */
export function newTracker(code: string, carrier: string): Json {
  const tracker = { id: newId('trk'), object: 'Tracker', ...stamps(), tracking_code: code, status: 'unknown' };
  return Object.assign(tracker, { carrier, shipment_id: null, tracking_details: [] });
}
