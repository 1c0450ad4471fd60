import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app takes it: HMAC-SHA1, 6 digits, 30 s steps. */
const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** A new 160-bit secret, base32 as authenticator apps take it (RFC 4226 recommends 160 bits). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The code of the time step `step` (the step's start is step × 30 s). */
export const totpAt = (secret: string, step: number): string =>
  TOTP.generate({
    ...TOTP_PARAMETERS,
    secret: Secret.fromBase32(secret),
    timestamp: step * TOTP_PARAMETERS.period * 1000,
  });

/**
 * The time step whose code this is: now's, or the one before or after (clocks drift; typing takes time). Null when
 * it is none of them, or when it is not later than `usedStep`, the step of the last code taken (a code works once).
 */
export function totpStep(secret: string, code: string, nowSeconds: number, usedStep = 0): number | null {
  const step = Math.floor(nowSeconds / TOTP_PARAMETERS.period);
  return [step - 1, step, step + 1].find((s) => s > usedStep && totpAt(secret, s) === code) ?? null;
}

/** The `otpauth://` link the QR code carries, naming the shop (issuer) and the account. */
export const otpauthUrl = (secret: string, account: string, issuer: string): string =>
  new TOTP({ ...TOTP_PARAMETERS, issuer, label: account, secret: Secret.fromBase32(secret) }).toString();
