import type { IncomingMessage } from 'node:http';
import EasyPostClient from '@easypost/api';
import { parseMinor } from '@return-center/domain';
import { withRetries } from '../../retry.js';
import type {
  AddressCheck,
  Carrier,
  Label,
  LabelAddress,
  PickupBooking,
  PickupInput,
  PickupPlace,
  Tracking,
} from './port.js';

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

export interface EasyPostOptions {
  /** The secret API key (a test key for EasyPost's test mode); sent as the HTTP basic-auth user. */
  apiKey: string;
  /** The API root, ending in `/v2/`. Default https://api.easypost.com/v2/ (a local fake's in tests). */
  baseUrl?: string;
  /** The most one carrier call may take, retries included, in milliseconds. Default 10 000. */
  timeoutMs?: number;
  /**
   * Where a label starts when its `from` carries no street address ("City, ST 12345" as its last line),
   * e.g. a drop-off point. Without it such a label is refused.
   */
  fromAddress?: EasyPostAddress;
}

/** EasyPost refused the call or kept failing; `status` is its HTTP status when it answered one. */
export class EasyPostError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EasyPostError';
  }
}

/** No answer by the deadline. EasyPost may still act on the request, which is why each call starts by looking. */
export class EasyPostTimeout extends EasyPostError {
  constructor(message: string) {
    super(message);
    this.name = 'EasyPostTimeout';
  }
}

const DEFAULT_BASE_URL = 'https://api.easypost.com/v2/';
const RETRIES = 3;
const BACKOFF_MS = 100;
/** A mid-sized box of 2 lb (inches, ounces): the return flow does not know the parcel, and USPS rates on this. */
const PARCEL = { length: 12, width: 9, height: 6, weight: 32 };
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'UND_ERR_SOCKET']);

type Client = InstanceType<typeof EasyPostClient>;
interface RateView {
  id: string;
  carrier: string;
  service: string;
  rate: string;
}
interface MessageView {
  message: string;
}
interface ShipmentView {
  id: string;
  rates: RateView[];
  messages?: MessageView[] | null;
  selected_rate?: RateView | null;
  tracking_code?: string | null;
  postage_label?: { label_url?: string | null; label_pdf_url?: string | null; label_file_type?: string | null } | null;
}
interface PickupView {
  id: string;
  status: string;
  confirmation?: string | null;
  pickup_rates?: RateView[] | null;
  messages?: MessageView[] | null;
}
interface TrackerView {
  status: string;
  shipment_id?: string | null;
  tracking_details?: { status: string; message: string; datetime: string }[] | null;
}
/** The part of a superagent request the client hands to `requestMiddleware`. */
interface AgentRequest {
  timeout(limits: { deadline: number }): AgentRequest;
  buffer(on: boolean): AgentRequest;
  parse(parser: typeof readBody): AgentRequest;
}

/**
 * USPS labels, pickups and tracking through EasyPost. Every call has one deadline for all its requests; transient
 * failures (429, 5xx, a dropped connection) are retried with a short backoff, and a retry always starts by looking
 * up what an earlier attempt may already have done, so it never buys or books twice.
 */
export class EasyPostCarrier implements Carrier {
  private readonly timeoutMs: number;

  constructor(private readonly options: EasyPostOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  createLabel(input: { reference: string; from: LabelAddress; to: LabelAddress }): Promise<Label> {
    return this.call('createLabel', async (ep, deadline) => {
      const shopper = addressLines(input.from) ?? this.fallbackFrom(input.from);
      const shop = addressLines(input.to);
      if (!shop) throw new EasyPostError(`EasyPost needs a US street address to return to: ${show(input.to)}`);
      // Idempotent by reference: EasyPost accepts a shipment's reference in place of its id, so a retry (ours, or
      // a job rerun after a crash) finds the shipment an earlier attempt created or bought instead of a second one.
      let shipment: ShipmentView =
        (await found(ep.Shipment.retrieve(encodeURIComponent(input.reference)))) ??
        (await ep.Shipment.create({
          reference: input.reference,
          is_return: true,
          // For a return EasyPost swaps the two: these are the outbound shipment's, shop to shopper.
          from_address: { ...shop, country: 'US' },
          to_address: { ...shopper, country: 'US' },
          parcel: PARCEL,
          options: { label_format: 'PDF' },
        }));
      if (!shipment.postage_label) {
        const shipmentId = shipment.id;
        shipment = await ep.Shipment.buy(shipmentId, lowestUspsRate(shipment).id).catch(async (error: unknown) => {
          if (codeOf(error) !== 'SHIPMENT.POSTAGE.EXISTS') throw error;
          return ep.Shipment.retrieve(shipmentId);
        });
      }
      let url = pdfUrl(shipment);
      if (!url) url = pdfUrl(await ep.Shipment.convertLabelFormat(shipment.id, 'PDF'));
      if (!url || !shipment.tracking_code) throw new EasyPostError(`EasyPost gave no PDF label for ${shipment.id}`);
      return {
        carrier: shipment.selected_rate?.carrier ?? 'USPS',
        trackingNumber: shipment.tracking_code,
        pdf: await download(url, deadline),
      };
    });
  }

  verifyAddress(place: PickupPlace): Promise<AddressCheck> {
    // Creating an Address has no effect beyond the record itself, so a retry that makes a second one is harmless.
    return this.call('verifyAddress', async (ep) => {
      try {
        const address = await ep.Address.create({ ...placeAddress(place), verify: true });
        const delivery = address.verifications.delivery as typeof address.verifications.delivery | undefined;
        if (delivery?.success) return { ok: true };
        return { ok: false, message: joined(delivery?.errors) || 'Address not found' };
      } catch (error) {
        if (statusOf(error) !== 422) throw error;
        return { ok: false, message: joined((error as { errors?: MessageView[] }).errors) || messageOf(error) };
      }
    });
  }

  schedulePickup(input: PickupInput): Promise<PickupBooking> {
    return this.call('schedulePickup', async (ep) => {
      const [from, to] = slotHours(input.slot);
      // As with labels, the reference finds a pickup an earlier attempt created or bought.
      let pickup: PickupView | null = await found(ep.Pickup.retrieve(encodeURIComponent(input.reference)));
      if (!pickup) {
        const { trackers } = await ep.Tracker.all({ tracking_code: input.trackingNumber });
        const shipmentId = (trackers[0] as TrackerView | undefined)?.shipment_id;
        if (!shipmentId)
          throw new EasyPostError(`EasyPost has no shipment with tracking number ${input.trackingNumber}`);
        pickup = await ep.Pickup.create({
          reference: input.reference,
          address: { ...placeAddress(input.place), country: 'US' },
          shipment: { id: shipmentId },
          min_datetime: zonedTime(input.date, from, input.timezone),
          max_datetime: zonedTime(input.date, to, input.timezone),
          is_account_address: false,
          instructions: `Return parcel with a prepaid label, tracking ${input.trackingNumber}`,
        });
      }
      if (pickup.status === 'canceled') throw new EasyPostError(`EasyPost pickup ${input.reference} was cancelled`);
      if (pickup.status !== 'scheduled') {
        const rate = cheapest(pickup.pickup_rates ?? []);
        if (!rate) throw new EasyPostError(`EasyPost offers no pickup on ${input.date}: ${joined(pickup.messages)}`);
        pickup = await ep.Pickup.buy(pickup.id, rate.carrier, rate.service);
      }
      if (!pickup.confirmation) throw new EasyPostError(`EasyPost gave no confirmation for pickup ${pickup.id}`);
      return { pickupId: pickup.id, confirmation: pickup.confirmation };
    });
  }

  cancelPickup(pickupId: string): Promise<void> {
    return this.call('cancelPickup', async (ep) => {
      const pickup = await ep.Pickup.retrieve(pickupId);
      if (pickup.status !== 'canceled') await ep.Pickup.cancel(pickupId);
    });
  }

  track(trackingNumber: string): Promise<Tracking> {
    return this.call('track', async (ep) => {
      // EasyPost made a tracker when it bought the label; one is created only for a number it does not know.
      const { trackers } = await ep.Tracker.all({ tracking_code: trackingNumber });
      const tracker: TrackerView =
        trackers[0] ?? (await ep.Tracker.create({ tracking_code: trackingNumber, carrier: 'USPS' }));
      return {
        trackingNumber,
        status: tracker.status,
        events: (tracker.tracking_details ?? []).map((detail) => ({
          status: detail.status,
          message: detail.message,
          at: Math.floor(Date.parse(detail.datetime) / 1000),
        })),
      };
    });
  }

  private fallbackFrom(from: LabelAddress): EasyPostAddress {
    const fallback = this.options.fromAddress;
    if (!fallback) throw new EasyPostError(`EasyPost needs the shopper's US street address for a label: ${show(from)}`);
    return { ...fallback, name: fallback.name ?? from.name };
  }

  /** Runs `work` (which must be safe to run again) until it succeeds, fails for good, or the deadline passes. */
  private async call<T>(what: string, work: (ep: Client, deadline: number) => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.timeoutMs;
    const ep = new EasyPostClient(this.options.apiKey, {
      // The client appends paths such as `shipments` to the root as it is.
      baseUrl: (this.options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/?$/, '/'),
      // The client keeps `timeout` but (in v8) never applies it, so each request gets what is left of the deadline.
      timeout: this.timeoutMs,
      requestMiddleware: (request: AgentRequest) =>
        request
          .timeout({ deadline: Math.max(1, deadline - Date.now()) })
          .buffer(true)
          .parse(readBody),
    });
    return withRetries(() => work(ep, deadline), {
      tries: RETRIES + 1,
      backoffMs: BACKOFF_MS,
      msLeft: () => deadline - Date.now(),
      retry: (error) => {
        if (error instanceof EasyPostError || isTimeout(error)) return undefined;
        const status = statusOf(error);
        const transient = status === undefined ? isNetworkFailure(error) : status === 429 || status >= 500;
        return transient ? {} : undefined;
      },
      giveUp: (error, { failures }) => {
        if (error instanceof EasyPostError) return error;
        if (isTimeout(error)) return new EasyPostTimeout(`EasyPost ${what}: no answer within ${this.timeoutMs} ms`);
        const status = statusOf(error);
        const tries = failures > 1 ? ` after ${failures} attempts` : '';
        const answer = status === undefined ? '' : `${status} ${codeOf(error) ?? ''}: `;
        return new EasyPostError(`EasyPost ${what} failed${tries}: ${answer}${messageOf(error)}`, status);
      },
    });
  }
}

/**
 * Reads each answer as JSON. An error page that is not EasyPost's JSON (a proxy's 502) becomes one, so the client
 * raises its usual error with the status instead of failing to read the page.
 */
function readBody(res: IncomingMessage, done: (error: Error | null, body: unknown) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    text += chunk;
  });
  res.on('end', () => {
    let body: unknown = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      // not JSON: kept as text below when it is an error
    }
    const status = res.statusCode ?? 0;
    if (status >= 400 && !(body && typeof body === 'object' && 'error' in body)) {
      const message = text
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 200);
      body = { error: { code: `HTTP_${status}`, message: message || (res.statusMessage ?? ''), errors: [] } };
    }
    done(null, body);
  });
}

/** The object, or null when EasyPost answers 404 (no such id or reference). */
async function found<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

async function download(url: string, deadline: number): Promise<Uint8Array> {
  const response = await fetch(url, { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) });
  if (!response.ok)
    throw Object.assign(new Error(`label download from ${new URL(url).host}`), {
      statusCode: response.status,
      code: 'LABEL_FILE',
    });
  const pdf = new Uint8Array(await response.arrayBuffer());
  if (Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-')
    throw new EasyPostError(`EasyPost label at ${url} is not a PDF`);
  return pdf;
}

function pdfUrl(shipment: ShipmentView): string | null {
  const label = shipment.postage_label;
  if (label?.label_pdf_url) return label.label_pdf_url;
  return label?.label_file_type === 'application/pdf' && label.label_url ? label.label_url : null;
}

/** EasyPost's rates are decimal strings in US dollars. */
const cents = (amount: string) => parseMinor(amount, 'USD');

function cheapest<R extends RateView>(rates: R[]): R | undefined {
  return rates.reduce<R | undefined>(
    (best, rate) => (!best || cents(rate.rate) < cents(best.rate) ? rate : best),
    undefined,
  );
}

function lowestUspsRate(shipment: ShipmentView): RateView {
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

function placeAddress(place: PickupPlace): EasyPostAddress {
  const { name, street1, street2, city, state, zip, phone, email } = place;
  return { name, street1, street2, city, state, zip, phone, email };
}

/** The hours of a slot key such as `9-11`. */
function slotHours(slot: string): [number, number] {
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

const show = (address: LabelAddress) => [address.name, ...address.lines].join(' / ');
const joined = (messages: readonly MessageView[] | null | undefined) =>
  (messages ?? []).map((m) => m.message).join('; ');
const field = (error: unknown, key: string): unknown =>
  error && typeof error === 'object' ? (error as Record<string, unknown>)[key] : undefined;
const statusOf = (error: unknown) => {
  const status = field(error, 'statusCode');
  return typeof status === 'number' ? status : undefined;
};
const codeOf = (error: unknown) => {
  const code = field(error, 'code');
  return typeof code === 'string' ? code : undefined;
};
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isTimeout = (error: unknown) => field(error, 'timeout') !== undefined || field(error, 'name') === 'TimeoutError';
const isNetworkFailure = (error: unknown): boolean =>
  NETWORK_CODES.has(codeOf(error) ?? '') ||
  messageOf(error) === 'socket hang up' ||
  (error instanceof TypeError && field(error, 'cause') !== undefined);
