import { messages, PICKUP_COUNTRY, PICKUP_MAX_DAYS_AHEAD, type PickupAddress } from '@return-center/contract';
import { usTimeZone } from './us-time-zones.js';
import { isEmail } from './validation.js';

/** Pickup address and date rules of spec §5; the portal shows these messages and the server refuses the same. */

export const PICKUP_FIELD_MAX = { zip: 10, phone: 12, email: 100, apartment: 200, city: 200, address1: 200 } as const;

export type PickupField = keyof PickupAddress;
export type PickupAddressErrors = Partial<Record<PickupField, string>>;

const REQUIRED: PickupField[] = [
  'country_code',
  'province_code',
  'apartment',
  'address1',
  'city',
  'zip',
  'phone',
  'email',
];

/** Strips non-digits and inserts the dashes of ddd-ddd-dddd as the shopper types (at most 10 digits). */
export function maskPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter(Boolean).join('-');
}

/** The spec's message for each field that breaks a rule; an empty object when the address is complete and valid. */
export function pickupAddressErrors(address: PickupAddress): PickupAddressErrors {
  const errors: PickupAddressErrors = {};
  for (const field of REQUIRED) if (!address[field].trim()) errors[field] = messages.required;
  const tooLong = (field: keyof typeof PICKUP_FIELD_MAX) => address[field].length > PICKUP_FIELD_MAX[field];
  if (!errors.zip && (!/^\d{5}(-\d{4})?$/.test(address.zip.trim()) || tooLong('zip'))) errors.zip = messages.zipFormat;
  if (!errors.phone && (!/^\d{3}-\d{3}-\d{4}$/.test(address.phone.trim()) || tooLong('phone')))
    errors.phone = messages.phoneDigits;
  if (!errors.email && (!isEmail(address.email.trim()) || tooLong('email'))) errors.email = messages.invalidEmailFormat;
  for (const field of ['apartment', 'city', 'address1'] as const)
    if (!errors[field] && tooLong(field)) errors[field] = messages.invalid;
  return errors;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as a UTC midnight, or null when the text is not a real YYYY-MM-DD date. */
function parseDate(text: string): Date | null {
  const match = ISO_DATE.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text ? date : null;
}

const format = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

export function isPickupDateFormat(text: string): boolean {
  return parseDate(text) !== null;
}

export function isWeekendDate(text: string): boolean {
  const date = parseDate(text);
  return date !== null && isWeekend(date);
}

/** Today's calendar date in an IANA time zone, for an instant in milliseconds. */
export function todayIn(timezone: string, nowMs: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(nowMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The first and last days a pickup can be booked on. */
export interface PickupWindow {
  first: string;
  last: string;
}

/** The time zone a pickup at this address is booked in (US only), from its state and ZIP; null for none. */
export function pickupTimeZone(address: Pick<PickupAddress, 'country_code' | 'province_code' | 'zip'>): string | null {
  return address.country_code === PICKUP_COUNTRY ? usTimeZone(address.province_code.trim(), address.zip) : null;
}

/** The pickup window seen from `today`: the next weekday, and 30 days out. */
export function pickupWindow(today: string): PickupWindow {
  const start = parseDate(today);
  if (!start) throw new Error(`not a date: ${today}`);
  let first = addDays(start, 1);
  while (isWeekend(first)) first = addDays(first, 1);
  return { first: format(first), last: format(addDays(start, PICKUP_MAX_DAYS_AHEAD)) };
}

/** The pickup window at an instant where the pickup is (an IANA time zone): the server's to compute. */
export const pickupWindowIn = (timezone: string, nowMs: number): PickupWindow => pickupWindow(todayIn(timezone, nowMs));

/**
 * What a typed date becomes on blur: kept between the next weekday and 30 days out, and moved back to the Friday
 * before when it falls on a weekend. Null when the text is not a date (the field shows the format message).
 */
export function clampPickupDate(text: string, { first, last }: PickupWindow): string | null {
  const date = parseDate(text);
  if (!date) return null;
  let clamped =
    format(date) < first ? (parseDate(first) as Date) : format(date) > last ? (parseDate(last) as Date) : date;
  while (isWeekend(clamped)) clamped = addDays(clamped, -1);
  return format(clamped) < first ? first : format(clamped);
}

/** Whether a pickup can be booked on this date in the window. */
export function isBookablePickupDate(text: string, window: PickupWindow): boolean {
  return isPickupDateFormat(text) && clampPickupDate(text, window) === text;
}

/** The days of the window, for the mobile list: every day, weekends marked. */
export function pickupDays({ first, last }: PickupWindow): { date: string; weekend: boolean }[] {
  const days: { date: string; weekend: boolean }[] = [];
  for (let day = parseDate(first) as Date; format(day) <= last; day = addDays(day, 1))
    days.push({ date: format(day), weekend: isWeekend(day) });
  return days;
}
