import { present } from '@return-center/domain';
import type { BankPayouts } from './adapters/bank-payout/port.js';
import { SandboxBankPayouts } from './adapters/bank-payout/sandbox.js';
import { easyPostWebhook } from './adapters/carrier/easypost-webhook.js';
import type { Carrier, CarrierWebhook } from './adapters/carrier/port.js';
import { SandboxCarrier } from './adapters/carrier/sandbox.js';
import { GazetteerGeocoder } from './adapters/geocoder/gazetteer.js';
import type { Geocoder } from './adapters/geocoder/port.js';
import type { Config } from './config.js';

export interface VendorAdapters {
  carrier: Carrier;
  /** Only with EASYPOST_WEBHOOK_SECRET: POST /webhooks/easypost exists only then. */
  carrierWebhook: CarrierWebhook | null;
  payouts: BankPayouts;
  geocoder: Geocoder;
}

/**
 * The carrier, the bank payouts and the address search: sandboxes and the offline gazetteer by default, the real
 * providers when configured. A real client loads only when chosen, so the default start stays small.
 */
export async function vendorAdapters(config: Config): Promise<VendorAdapters> {
  const timeoutMs = config.VENDOR_TIMEOUT_MS;
  const carrier =
    config.CARRIER === 'easypost'
      ? new (await import('./adapters/carrier/easypost.js')).EasyPostCarrier({
          apiKey: present(config.EASYPOST_API_KEY, 'EASYPOST_API_KEY'),
          baseUrl: config.EASYPOST_BASE_URL,
          timeoutMs,
        })
      : new SandboxCarrier();
  const payouts =
    config.PAYOUTS === 'wise'
      ? new (await import('./adapters/bank-payout/wise.js')).WiseBankPayouts({
          apiToken: present(config.WISE_API_TOKEN, 'WISE_API_TOKEN'),
          profileId: present(config.WISE_PROFILE_ID, 'WISE_PROFILE_ID'),
          baseUrl: config.WISE_BASE_URL,
          timeoutMs,
        })
      : new SandboxBankPayouts();
  const geocoder =
    config.GEOCODER === 'google-places'
      ? new (await import('./adapters/geocoder/google-places.js')).GooglePlacesGeocoder({
          apiKey: present(config.GOOGLE_PLACES_API_KEY, 'GOOGLE_PLACES_API_KEY'),
          baseUrl: config.GOOGLE_PLACES_BASE_URL,
          timeoutMs,
        })
      : new GazetteerGeocoder();
  const carrierWebhook = config.EASYPOST_WEBHOOK_SECRET ? easyPostWebhook(config.EASYPOST_WEBHOOK_SECRET) : null;
  return { carrier, carrierWebhook, payouts, geocoder };
}
