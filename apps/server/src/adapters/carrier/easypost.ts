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
import {
  callEasyPost,
  codeOf,
  download,
  EasyPostError,
  found,
  messageOf,
  statusOf,
  type EasyPostApi,
  type EasyPostConnection,
} from './easypost-client.js';
import {
  addressLines,
  cheapest,
  joined,
  lowestUspsRate,
  pdfUrl,
  placeAddress,
  show,
  slotHours,
  zonedTime,
  type EasyPostAddress,
  type MessageView,
  type PickupView,
  type ShipmentView,
  type TrackerView,
} from './easypost-mapping.js';

export interface EasyPostOptions extends EasyPostConnection {
  /**
   * Where a label starts when its `from` carries no street address ("City, ST 12345" as its last line),
   * e.g. a drop-off point. Without it such a label is refused.
   */
  fromAddress?: EasyPostAddress;
}

/** A mid-sized box of 2 lb (inches, ounces): the return flow does not know the parcel, and USPS rates on this. */
const PARCEL = { length: 12, width: 9, height: 6, weight: 32 };

/**
 * USPS labels, pickups and tracking through EasyPost. Every call has one deadline for all its requests; transient
 * failures (429, 5xx, a dropped connection) are retried with a short backoff, and a retry always starts by looking
 * up what an earlier attempt may already have done, so it never buys or books twice.
 */
export class EasyPostCarrier implements Carrier {
  constructor(private readonly options: EasyPostOptions) {}

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

  private call<T>(what: string, work: (ep: EasyPostApi, deadline: number) => Promise<T>): Promise<T> {
    return callEasyPost(this.options, what, work);
  }
}
