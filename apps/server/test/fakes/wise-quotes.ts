import { randomUUID } from 'node:crypto';

/** The fake Wise's quotes (wise-server.ts) and its error answers. */

export interface Quote {
  id: string;
  sourceCurrency: string;
  targetCurrency: string;
  sourceAmount: number;
  targetAmount: number;
  used: boolean;
}

export type Answer = [status: number, body: unknown];

/** What one unit of each currency the fake knows is worth in US dollars: fixed, so tests can work amounts out. */
const RATES_IN_USD: Record<string, number> = { USD: 1, GBP: 1.25, EUR: 1.1, JPY: 0.0065 };
const exponentOf = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

export const invalid = (status: number, code: string, message: string, path = ''): Answer => [
  status,
  { errors: [{ code, message, path, arguments: path ? [path] : [] }] },
];

/** A quote for either amount (Wise takes sourceAmount or targetAmount), at the fixed rates of RATES_IN_USD. */
export function createQuote(body: Record<string, unknown>, profileId: number, quotes: Map<string, Quote>): Answer {
  const { sourceCurrency, targetCurrency } = body;
  const known = (code: unknown): code is string => typeof code === 'string' && code in RATES_IN_USD;
  if (!known(sourceCurrency) || !known(targetCurrency)) {
    return invalid(422, 'NOT_VALID', 'Please specify the currencies.', 'targetCurrency');
  }
  const given = body.sourceAmount ?? body.targetAmount;
  const side = body.sourceAmount === undefined ? 'targetAmount' : 'sourceAmount';
  if (
    typeof given !== 'number' ||
    !(given > 0) ||
    (body.sourceAmount !== undefined) === (body.targetAmount !== undefined)
  ) {
    return invalid(422, 'error.greaterThanZero', "Please type in a number that's larger than 0.", side);
  }
  const givenCurrency = side === 'sourceAmount' ? sourceCurrency : targetCurrency;
  if ((String(given).split('.')[1] ?? '').length > exponentOf(givenCurrency)) {
    return invalid(422, 'NOT_VALID', `Too many decimals for ${givenCurrency}.`, side);
  }
  const rate = (RATES_IN_USD[sourceCurrency] ?? 1) / (RATES_IN_USD[targetCurrency] ?? 1);
  const round = (value: number, currency: string) => Number(value.toFixed(exponentOf(currency)));
  const sourceAmount = side === 'sourceAmount' ? given : round(given / rate, sourceCurrency);
  const targetAmount = side === 'targetAmount' ? given : round(given * rate, targetCurrency);
  const id = randomUUID();
  quotes.set(id, { id, sourceCurrency, targetCurrency, sourceAmount, targetAmount, used: false });
  return [
    200,
    {
      id,
      sourceCurrency,
      targetCurrency,
      targetAmount,
      sourceAmount,
      rate,
      rateType: 'FIXED',
      payOut: 'BANK_TRANSFER',
      status: 'PENDING',
      profile: profileId,
      createdTime: '2026-11-20T15:00:00Z',
      expirationTime: '2026-11-20T15:30:00Z',
    },
  ];
}
