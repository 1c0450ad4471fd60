/** Business codes of spec §8. They travel with HTTP 200 inside the `{code, msg, data}` envelope. */
export const Code = {
  /** Success; also clears stored error notices for the url. */
  Success: 1000,
  /** Input failed the contract schema; `msg` says which field and why. */
  InvalidInput: 1001,
  /** Order lookup failed: no such order, or the email/phone does not match. One answer for both. */
  OrderNotFound: 1002,
  /** Verification code wrong, expired, used, or tried too often. */
  InvalidVerificationCode: 1003,
  /** The object does not exist or does not belong to this session. */
  NotFound: 1004,
  /** Too many attempts from this identifier or address. HTTP 429 accompanies it. */
  RateLimited: 1029,
  /** Session missing, expired or logged out: the portal clears its token. */
  SessionExpired: 1032,
  /** Pickup address validation failed. */
  PickupAddressInvalid: 1063,
  /** A return for this order is already being processed: go to /process/{id}. */
  AlreadyProcessing: 1067,
  /** The merchant asked for a status change the request's state does not allow. HTTP 409 accompanies it. */
  IllegalTransition: 1071,
  /** An exchange's new item has not the units asked for ("No stock"). */
  NoStock: 1081,
  /** An exchange's new items cost more than the return is worth, and no paid draft covers them. */
  ExchangeCostsMore: 1082,
  /** The exchange's draft order is not paid (yet): "Please retry" once the checkout is done. */
  PaymentPending: 1083,
  /** Console sign-in: wrong email or password (one answer for both). */
  SignInFailed: 1090,
  /** Console sign-in: the password was right and the account has a second factor: send the 6-digit code too. */
  SecondFactorRequired: 1091,
  /** A settings save made from an older version than the stored one (HTTP 412): reload, nothing was overwritten. */
  SettingsConflict: 1092,
  /** An invite or password-reset link that is unknown, used or expired. */
  LinkExpired: 1093,
  /** Merchant API key missing or unknown (HTTP 401). Another shop's objects answer like missing ones (1004). */
  Unauthorized: 401,
  Forbidden: 403,
  /** No product selected. */
  NothingSelected: 7777,
  /** The store is unknown, disabled, or the configuration sign is wrong. */
  StoreUnavailable: 402,
  /** Expensive work (image decoding) is at capacity; nothing was lost, try again shortly. HTTP 503 accompanies it. */
  Busy: 1503,
  /** No route, file or resource at this path (the envelope of an HTTP 404). */
  RouteNotFound: 404,
  /** Internal failure; the message is generic. */
  ServerError: 5000,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Spec §8: which codes register an error message for the url, and on which channel. */
export function errorChannel(code: number): 'error' | 'notice' | null {
  if (code === 1000007 || code > 3000) return 'error';
  if (code >= 2000 && code <= 3000) return 'notice';
  return null;
}
