import { Code, messages, PICKUP_COUNTRY, type PickupAddress } from '@return-center/contract';
import type { Carrier } from '../../adapters/carrier/port.js';
import type { Geocoder } from '../../adapters/geocoder/port.js';
import { isUsState, US_STATES } from '../../adapters/geocoder/us-states.js';
import { pickupAddressProblem, pickupPlace } from './pickup-slot.js';

/** The pickup form's helpers (spec §7): regions, the address check before a save, and the map search. */
export class PickupService {
  constructor(
    private readonly carrier: Carrier,
    private readonly geocoder: Geocoder,
  ) {}

  regions(country: string) {
    return { list: country.toUpperCase() === PICKUP_COUNTRY ? [...US_STATES] : [] };
  }

  /** Our rules first, then the carrier's: can a driver find this address? The answer's code says (1063 otherwise). */
  async validateAddress(address: PickupAddress): Promise<{ code: number; msg: string }> {
    const problem = pickupAddressProblem(address);
    if (problem) return { code: Code.PickupAddressInvalid, msg: `${messages.pickupAddressInvalid}: ${problem}` };
    if (!isUsState(address.province_code))
      return {
        code: Code.PickupAddressInvalid,
        msg: `${messages.pickupAddressInvalid}: province_code: not a US state`,
      };
    const check = await this.carrier.verifyAddress(pickupPlace(address, ''));
    return check.ok
      ? { code: Code.Success, msg: '' }
      : { code: Code.PickupAddressInvalid, msg: `${messages.pickupAddressInvalid}: ${check.message}` };
  }

  async search(text: string, country: string) {
    const places = await this.geocoder.search(text, country.toUpperCase());
    return { map_search: places.map((place) => ({ place_id: place.placeId, display: place.display })) };
  }

  async detail(placeId: string) {
    const detail = await this.geocoder.detail(placeId);
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
