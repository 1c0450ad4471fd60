import { parseMinor } from '@return-center/domain';
import { EasyPostError } from './easypost-client.js';
import type { LabelAddress, PickupPlace } from './port.js';

/** A United States address in EasyPost's fields. */
export interface EasyPostAddress {
  name?: string;
  company?: string;
  street1: string;
  street2?: string;
  city: string;
  state: string;
  zip: string;
  phone?: string;
  email?: string;
}

export interface RateView {
  id: string;
  carrier: string;
  service: string;
  rate: string;
}
export interface MessageView {
  message: string;
}
export interface ShipmentView {
  id: string;
  rates: RateView[];
  messages?: MessageView[] | null;
  selected_rate?: RateView | null;
  tracking_code?: string | null;
  postage_label?: { label_url?: string | null; label_pdf_url?: string | null; label_file_type?: string | null } | null;
}
export interface PickupView {
  id: string;
  status: string;
  confirmation?: string | null;
  pickup_rates?: RateView[] | null;
  messages?: MessageView[] | null;
}
export interface TrackerView {
  status: string;
  shipment_id?: string | null;
  tracking_details?: { status: string; message: string; datetime: string }[] | null;
}

export function pdfUrl(shipment: ShipmentView): string | null {
  const label = shipment.postage_label;
  if (label?.label_pdf_url) return label.label_pdf_url;
  return label?.label_file_type === 'application/pdf' && label.label_url ? label.label_url : null;
}

/** EasyPost's rates are decimal strings in US dollars. */
const cents = (amount: string) => parseMinor(amount, 'USD');

export function cheapest<R extends RateView>(rates: R[]): R | undefined {
  return rates.reduce<R | undefined>(
    (best, rate) => (!best || cents(rate.rate) < cents(best.rate) ? rate : best),
    undefined,
  );
}

export function lowestUspsRate(shipment: ShipmentView): RateView {
  const rate = cheapest(shipment.rates.filter((r) => r.carrier === 'USPS'));
  if (!rate) throw new EasyPostError(`EasyPost offered no USPS rate for ${shipment.id}: ${joined(shipment.messages)}`);
  return rate;
}

/** Street lines, then "City, ST 12345" (a last "US" line is allowed); null when the lines read otherwise. */
export function addressLines(address: LabelAddress): EasyPostAddress | null {
  const lines = address.lines.map((line) => line.trim()).filter(Boolean);
  if (/^(US|USA|United States( of America)?)$/i.test(lines.at(-1) ?? '')) lines.pop();
  const place = /^(.+?),?\s+([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(lines.pop() ?? '');
  const [street1, ...more] = lines;
  if (!place?.[1] || !place[2] || !place[3] || !street1) return null;
  return {
    name: address.name,
    street1,
    street2: more.join(', '),
    city: place[1],
    state: place[2].toUpperCase(),
    zip: place[3],
  };
}

export function placeAddress(place: PickupPlace): EasyPostAddress {
  const { name, street1, street2, city, state, zip, phone, email } = place;
  return { name, street1, street2, city, state, zip, phone, email };
}

/** The hours of a slot key such as `9-11`. */
export function slotHours(slot: string): [number, number] {
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(slot);
  const [from, to] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || from >= to || to > 23) throw new EasyPostError(`Not a pickup slot: ${slot}`);
  return [from, to];
}

/** `hour` o'clock on `date` where the shopper is, in ISO 8601 with that zone's offset on the day (DST included). */
export function zonedTime(date: string, hour: number, timeZone: string): string {
  const wall = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  if (Number.isNaN(wall)) throw new EasyPostError(`Not a date: ${date}`);
  // The offset at the wall time read as UTC is right except next to a DST change; once more from there is right.
  const offset = offsetAt(wall - offsetAt(wall, timeZone).minutes * 60_000, timeZone);
  return `${new Date(wall).toISOString().slice(0, 19)}${offset.text}`;
}

function offsetAt(instant: number, timeZone: string): { minutes: number; text: string } {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const [, sign = '+', hours = '00', minutes = '00'] = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '') ?? [];
  return {
    minutes: (Number(hours) * 60 + Number(minutes)) * (sign === '-' ? -1 : 1),
    text: `${sign}${hours}:${minutes}`,
  };
}

export const show = (address: LabelAddress) => [address.name, ...address.lines].join(' / ');
export const joined = (messages: readonly MessageView[] | null | undefined) =>
  (messages ?? []).map((m) => m.message).join('; ');
