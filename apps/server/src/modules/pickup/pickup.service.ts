import { Code, messages, PICKUP_COUNTRY, type PickupAddress } from '@return-center/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Carrier } from '../../adapters/carrier/port.js';
import type { Geocoder } from '../../adapters/geocoder/port.js';
import { pickupTimeZone, pickupWindowIn } from '@return-center/domain';
import { errors } from '../../http/app-error.js';
import type { Clock } from '../../clock.js';
import { pickupAddressProblem, pickupPlace } from './pickup-slot.js';

/** The pickup form's helpers (spec §7): regions, the address check before a save, and the map search. */
export class PickupService {
  constructor(
    private readonly carrier: Carrier,
    private readonly geocoder: Geocoder,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly clock: Clock,
  ) {}

  /** A provider that fails leaves the list empty (spec §8) and the shopper types the address; we log why. */
  private async orNothing<T>(what: string, work: Promise<T>, nothing: T): Promise<T> {
    try {
      return await work;
    } catch (error) {
      this.log.warn({ err: error }, `address ${what} failed`);
      return nothing;
    }
  }

  regions(country: string) {
    return { list: country.toUpperCase() === PICKUP_COUNTRY ? this.geocoder.regions(country) : [] };
  }

  /** Our rules first, then the carrier's: can a driver find this address? The answer's code says (1063 otherwise). */
  async validateAddress(address: PickupAddress): Promise<{ code: number; msg: string }> {
    const problem = pickupAddressProblem(address);
    if (problem) return { code: Code.PickupAddressInvalid, msg: `${messages.pickupAddressInvalid}: ${problem}` };
    const unreachable = { ok: false as const, message: 'the carrier could not be reached, please try again' };
    const check = await this.orNothing('check', this.carrier.verifyAddress(pickupPlace(address, '')), unreachable);
    return check.ok
      ? { code: Code.Success, msg: '' }
      : { code: Code.PickupAddressInvalid, msg: `${messages.pickupAddressInvalid}: ${check.message}` };
  }

  /** When a pickup at this state and ZIP can be booked: the window in the zone of the place, not of the shopper. */
  window(place: { province_code: string; zip: string }) {
    const timezone = pickupTimeZone({ country_code: PICKUP_COUNTRY, ...place });
    if (!timezone) throw errors.invalidInput('province_code: not a US state');
    return { timezone, ...pickupWindowIn(timezone, this.clock.nowMs()) };
  }

  async search(text: string, country: string) {
    const places = await this.orNothing('search', this.geocoder.search(text, country.toUpperCase()), []);
    return { map_search: places.map((place) => ({ place_id: place.placeId, display: place.display })) };
  }

  async detail(placeId: string) {
    const detail = await this.orNothing('detail', this.geocoder.detail(placeId), null);
    return {
      map_address: detail
        ? [
            {
              detail: {
                address_detail: detail.addressDetail,
                city: detail.city,
                zip: detail.zip,
                province_code: detail.provinceCode,
              },
            },
          ]
        : [],
    };
  }
}
