import { messages, type PickupAddress } from '@return-center/contract';
import { pickupAddressErrors, type PickupField } from '@return-center/domain';

/** The domain's rule messages (spec §5), as locale keys of the pickup section. */
const KEYS: Record<string, string> = {
  [messages.required]: 'pickup.required',
  [messages.zipFormat]: 'pickup.zipFormat',
  [messages.phoneDigits]: 'pickup.phoneDigits',
  [messages.invalidEmailFormat]: 'pickup.emailFormat',
  [messages.invalid]: 'pickup.tooLong',
};

/** Each broken rule of the address as the locale key of its message. */
export function addressErrorKeys(address: PickupAddress): Partial<Record<PickupField, string>> {
  return Object.fromEntries(
    Object.entries(pickupAddressErrors(address)).map(([field, message]) => [field, KEYS[message] ?? 'pickup.required']),
  );
}

/** The editable fields, in the order the form and the card show them. */
export const ADDRESS_FIELDS = ['address1', 'apartment', 'city', 'province_code', 'zip', 'phone', 'email'] as const;
