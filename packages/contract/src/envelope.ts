import { z } from 'zod';

/** Every answer is `{ code, msg, data }` (DESIGN §3). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
export type Envelope<T> = { code: number; msg: string; data: T };

/** Minor units of a currency (cents, yen, fils). Never a float. */
export const minor = z.number().int();
/** Seconds since the epoch (spec §9: timestamps are in seconds). */
export const unixSeconds = z.number().int().nonnegative();
export const email = z.string().trim().toLowerCase().pipe(z.email().max(254));
/** Order numbers as shoppers type them and shops name them: "#1001", "1001", "ds-1001" are "1001" and "DS-1001". */
export const normalizeOrderNumber = (value: string): string => value.trim().replace(/^#/, '').toUpperCase();
export const orderNumber = z
  .string()
  .transform(normalizeOrderNumber)
  .pipe(z.string().regex(/^[A-Z0-9-]{1,32}$/, 'An order number is 1 to 32 letters, digits or dashes'));
export const shopUrl = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9.-]{0,250}[a-z0-9]$/, 'Invalid shop URL');
/** The largest value of an `integer` column on PostgreSQL: no id, count, status or code goes past it. */
export const MAX_INT = 2_147_483_647;
/** An integer that fits our integer columns (ids, quantities, statuses); anything larger is refused at the edge. */
export const int = z
  .number()
  .int()
  .min(-MAX_INT - 1)
  .max(MAX_INT);
export const id = z.coerce.number().int().positive().max(MAX_INT);
export const isId = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_INT;
