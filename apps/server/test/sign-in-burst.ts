import { Code, consolePath, MERCHANT_BASE, type Envelope } from '@return-center/contract';
import type { FastifyInstance } from 'fastify';

export interface Outcomes {
  /** Attempts whose password, code or key was checked and found wrong. */
  checked: number;
  /** Attempts refused before any check (429). */
  limited: number;
  signedIn: number;
  other: number;
}

function tally(codes: number[]): Outcomes {
  const outcomes: Outcomes = { checked: 0, limited: 0, signedIn: 0, other: 0 };
  for (const code of codes) {
    if (code === Code.SignInFailed || code === Code.Unauthorized) outcomes.checked += 1;
    else if (code === Code.RateLimited) outcomes.limited += 1;
    else if (code === Code.Success) outcomes.signedIn += 1;
    else outcomes.other += 1;
  }
  return outcomes;
}

/** Sends every attempt at once, each from its own address (so only the per-email limit can stop them). */
export async function signInBurst(
  app: FastifyInstance,
  attempts: { email: string; password: string; totp?: string }[],
  addressPrefix = '198.51.100',
): Promise<Outcomes> {
  const answers = await Promise.all(
    attempts.map((payload, i) =>
      app.inject({
        method: 'POST',
        url: consolePath('signIn'),
        payload,
        remoteAddress: `${addressPrefix}.${String(i % 250)}`,
      }),
    ),
  );
  return tally(answers.map((answer) => answer.json<Envelope<unknown>>().code));
}

/** Sends `count` requests with wrong merchant keys at once, all from one address. */
export async function wrongKeyBurst(app: FastifyInstance, count: number, address: string): Promise<Outcomes> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      app.inject({
        method: 'GET',
        url: `${MERCHANT_BASE}/requests`,
        headers: { authorization: `Bearer rc_wrong-key-${String(i)}` },
        remoteAddress: address,
      }),
    ),
  );
  return tally(answers.map((answer) => answer.json<Envelope<unknown>>().code));
}
