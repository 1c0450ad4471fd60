import { SandboxBankPayouts } from './adapters/bank-payout/sandbox.js';
import type { BankPayouts } from './adapters/bank-payout/port.js';
import type { Carrier } from './adapters/carrier/port.js';
import { SandboxCarrier } from './adapters/carrier/sandbox.js';
import { GazetteerGeocoder } from './adapters/geocoder/gazetteer.js';
import type { Geocoder } from './adapters/geocoder/port.js';

/** The carrier, the bank payouts and the address search: sandboxes and the offline gazetteer by default. */
export function vendorAdapters(): { carrier: Carrier; payouts: BankPayouts; geocoder: Geocoder } {
  return { carrier: new SandboxCarrier(), payouts: new SandboxBankPayouts(), geocoder: new GazetteerGeocoder() };
}
