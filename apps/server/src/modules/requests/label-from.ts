import type { LabelAddress } from '../../adapters/carrier/port.js';
import type { StorePlatform } from '../../adapters/store-platform/port.js';
import type { PickupSlot } from '@return-center/contract';
import type { RequestRecord } from './request-record.js';

/**
 * Where a return label starts: the pickup address for a carrier pickup, else where the order was shipped. A carrier
 * needs a street, city, state and ZIP there; an order without a known address names only itself.
 */
export async function labelFrom(platform: StorePlatform, request: RequestRecord): Promise<LabelAddress> {
  const name = request.customer_email;
  if (request.pickup) {
    const { address } = JSON.parse(request.pickup) as PickupSlot;
    return {
      name,
      lines: [address.address1, address.apartment, `${address.city}, ${address.province_code} ${address.zip}`, 'US'],
    };
  }
  const shipped = (await platform.getOrder(request.shop_id, request.order_id))?.shippingAddress;
  if (!shipped) return { name, lines: [`Order ${request.order_name}`] };
  const place = [shipped.city, [shipped.province_code, shipped.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return { name, lines: [shipped.address1, shipped.address2, place, shipped.country_code].filter(Boolean) };
}
