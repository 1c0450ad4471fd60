import { z } from 'zod';
import { CONSOLE_LOCALES } from './constants.js';
import { email, int, minor, unixSeconds } from './envelope.js';

/**
 * The merchant console's own calls (issue 15): staff accounts, sessions, API keys and analytics. The console reads and
 * moves requests and edits settings through the merchant API (`merchant.ts`), signed in by its session cookie instead
 * of a bearer key; these are what the API has no use for.
 */
export const CONSOLE_BASE = '/admin/api';
/** The console's session cookie: HttpOnly, SameSite=Strict, path /; over HTTPS Secure and named `__Host-rc_console`. */
export const CONSOLE_COOKIE = 'rc_console';
/** Every console call but a GET carries the session's CSRF token in this header. */
export const CSRF_HEADER = 'x-csrf-token';
/** A settings save names the version it was made from; an older one is refused (HTTP 412) instead of overwriting. */
export const SETTINGS_VERSION_HEADER = 'if-match';

export const staffRole = z.enum(['owner', 'staff']);
export type StaffRole = z.infer<typeof staffRole>;

/** At least 12 characters; no other composition rule (NIST SP 800-63B). */
export const PASSWORD_MIN_LENGTH = 12;
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `A password has at least ${String(PASSWORD_MIN_LENGTH)} characters`)
  .max(200);
export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');
const token = z.string().trim().min(20).max(100);

export const staffAccount = z.object({
  id: int,
  email: z.string(),
  name: z.string(),
  role: staffRole,
  totp_enabled: z.boolean(),
  /** The console language the member chose; null until they choose (the console then follows their browser). */
  language: z.enum(CONSOLE_LOCALES).nullable(),
  created_at: unixSeconds,
});
export type StaffAccount = z.infer<typeof staffAccount>;

/** An invitation not yet accepted: its emailed link works until `expires_at`, unless the owner revokes it. */
export const staffInvite = z.object({
  id: int,
  email: z.string(),
  role: staffRole,
  created_at: unixSeconds,
  expires_at: unixSeconds,
});
export type StaffInvite = z.infer<typeof staffInvite>;

export const consoleSession = z.object({
  account: staffAccount,
  shop: z.object({ id: int, shop_url: z.string(), name: z.string(), currency: z.string() }),
  csrf_token: z.string(),
});
export type ConsoleSession = z.infer<typeof consoleSession>;

/** The longest name an API key may be given. */
export const KEY_LABEL_MAX = 60;
export const apiKeySummary = z.object({ id: int, label: z.string(), hint: z.string(), created_at: unixSeconds });
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

const count = int.nonnegative();
const moneyTotals = z.object({ refunded: minor, credited: minor, exchanged: minor, fees: minor });
export type MoneyTotals = z.infer<typeof moneyTotals>;
export const analytics = z.object({
  from: unixSeconds,
  to: unixSeconds,
  /** Requests per calendar day (UTC), every day of the range, zeros included. */
  requests_per_day: z.array(z.object({ day: z.string(), count })),
  top_reasons: z.array(z.object({ reason: z.string(), count })),
  /** Units returned per units sold of each product in the range's orders, most returned first. */
  return_rate: z.array(z.object({ product: z.string(), sold: count, returned: count })),
  /** Requests by what the shopper chose: money back (original payment or bank), store credit, exchange. */
  outcome_split: z.array(z.object({ outcome: z.enum(['money_back', 'store_credit', 'exchange']), count })),
  median_seconds_to_refund: int.nullable(),
  /** Money moved in the range, in the shop's currency: refunds and credit when refunded, exchanges when approved. */
  money: z.object({
    currency: z.string(),
    /** The periods' length: days for up to 14 days, ISO weeks (from Monday) up to 92, else calendar months. */
    period: z.enum(['day', 'week', 'month']),
    periods: z.array(moneyTotals.extend({ start: z.string() })),
    totals: moneyTotals,
    /** Requests in another currency than the shop's, left out of the totals. */
    other_currency: count,
  }),
  /** The most returned products (units), each with its reasons, most given first. */
  reasons_by_product: z.array(
    z.object({ product: z.string(), returned: count, reasons: z.array(z.object({ reason: z.string(), count })) }),
  ),
});
export type Analytics = z.infer<typeof analytics>;

/** A moment of an analytics range, in seconds: from 1970 to the end of 9999, as far as calendar dates go. */
const analyticsTime = z.coerce.number().int().min(0).max(253_402_300_799, 'Choose a date before the year 10000');

/** The longest range the analytics answer, in calendar days (a range runs from a day's first second to a day's last). */
export const ANALYTICS_MAX_DAYS = 400;

/** Why the analytics refuse a range (times in seconds): it ends before it starts, or it is longer than 400 days. */
export function analyticsRangeProblem({ from, to }: { from: number; to: number }): 'order' | 'tooLong' | null {
  if (to < from) return 'order';
  return to - from > ANALYTICS_MAX_DAYS * 86_400 ? 'tooLong' : null;
}

const analyticsRange = z
  .object({ from: analyticsTime, to: analyticsTime })
  .refine(
    (range) => analyticsRangeProblem(range) === null,
    `Choose a range of at most ${String(ANALYTICS_MAX_DAYS)} days, its start before its end`,
  );

interface ConsoleRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Who may call it: anyone (signing in), a signed-in account, or the shop's owner only. */
  access: 'public' | 'staff' | 'owner';
  body?: z.ZodType;
  query?: z.ZodType;
  answer: z.ZodType;
}

export const consoleRoutes = {
  signIn: {
    method: 'POST',
    path: '/session',
    access: 'public',
    body: z.object({ email, password: z.string().min(1).max(200), totp: totpCode.optional() }),
    answer: consoleSession,
  },
  session: { method: 'GET', path: '/session', access: 'staff', answer: consoleSession },
  signOut: { method: 'DELETE', path: '/session', access: 'staff', answer: z.null() },
  forgotPassword: {
    method: 'POST',
    path: '/password/forgot',
    access: 'public',
    body: z.object({ email }),
    answer: z.null(),
  },
  resetPassword: {
    method: 'POST',
    path: '/password/reset',
    access: 'public',
    body: z.object({ token, password: newPassword }),
    answer: z.null(),
  },
  acceptInvite: {
    method: 'POST',
    path: '/invites/accept',
    access: 'public',
    body: z.object({ token, name: z.string().trim().min(1).max(100), password: newPassword }),
    answer: z.null(),
  },
  listStaff: { method: 'GET', path: '/staff', access: 'owner', answer: z.array(staffAccount) },
  invite: {
    method: 'POST',
    path: '/staff/invites',
    access: 'owner',
    body: z.object({ email, role: staffRole }),
    answer: z.null(),
  },
  listInvites: { method: 'GET', path: '/staff/invites', access: 'owner', answer: z.array(staffInvite) },
  revokeInvite: { method: 'DELETE', path: '/staff/invites/{id}', access: 'owner', answer: z.null() },
  removeStaff: { method: 'DELETE', path: '/staff/{id}', access: 'owner', answer: z.null() },
  totpSetup: {
    method: 'POST',
    path: '/totp/setup',
    access: 'staff',
    /** The current code, when a second factor is already on: re-keying it turns it off until the new one is confirmed. */
    body: z.object({ code: totpCode.optional() }),
    answer: z.object({ secret: z.string(), otpauth_url: z.string(), qr_image: z.string() }),
  },
  totpEnable: {
    method: 'POST',
    path: '/totp/enable',
    access: 'staff',
    body: z.object({ code: totpCode }),
    answer: z.null(),
  },
  totpDisable: {
    method: 'POST',
    path: '/totp/disable',
    access: 'staff',
    body: z.object({ code: totpCode }),
    answer: z.null(),
  },
  setLanguage: {
    method: 'PUT',
    path: '/account/language',
    access: 'staff',
    /** One of CONSOLE_LOCALES, exactly; another code is refused with 422 and the field named in `data.errors`. */
    body: z.object({ language: z.string().max(35) }),
    answer: z.null(),
  },
  listKeys: { method: 'GET', path: '/keys', access: 'owner', answer: z.array(apiKeySummary) },
  createKey: {
    method: 'POST',
    path: '/keys',
    access: 'owner',
    body: z.object({ label: z.string().trim().min(1).max(KEY_LABEL_MAX) }),
    answer: apiKeySummary.extend({ key: z.string() }),
  },
  revokeKey: { method: 'DELETE', path: '/keys/{id}', access: 'owner', answer: z.null() },
  requestCounts: {
    method: 'GET',
    path: '/requests/counts',
    access: 'staff',
    answer: z.record(z.string(), count),
  },
  analytics: {
    method: 'GET',
    path: '/analytics',
    access: 'staff',
    query: analyticsRange,
    answer: analytics,
  },
} satisfies Record<string, ConsoleRoute>;

export type ConsoleRouteName = keyof typeof consoleRoutes;
export const consolePath = (name: ConsoleRouteName, routeId?: number): string =>
  CONSOLE_BASE + consoleRoutes[name].path.replace('{id}', String(routeId ?? ''));
export const consoleRoutePattern = (name: ConsoleRouteName): string =>
  CONSOLE_BASE + consoleRoutes[name].path.replace('{id}', ':id');
