import { email, orderNumber } from '@return-center/contract';

/** Login input rules (spec §5 says the messages; these are the rules behind them). */

/** The contract's email rule, the one the server applies: the portal never accepts an address the server refuses. */
export function isEmail(value: string): boolean {
  return email.safeParse(value).success;
}

export { normalizeOrderNumber } from '@return-center/contract';

export function isOrderNumber(value: string): boolean {
  return orderNumber.safeParse(value).success;
}

/** Digits only, dropping a leading country code 1 for 11-digit North American numbers. */
export function normalizePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

export function isPhone(value: string): boolean {
  const digits = normalizePhone(value);
  return digits.length >= 7 && digits.length <= 15 && !value.includes('@');
}

export function isVerificationCode(value: string): boolean {
  return /^\d{6}$/.test(value.trim());
}

/** Whether `value` is the kind of contact the shop's order_lookup_method asks for (1 email, 2 phone, 3 either). */
export function isLookupContact(method: number, value: string): boolean {
  if (method === 2) return isPhone(value);
  if (method === 3) return isEmail(value) || isPhone(value);
  return isEmail(value);
}
