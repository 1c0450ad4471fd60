import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWise, type FakeWise, type WiseFaults } from '../../../test/fakes/wise-server.js';
import type { PayoutInput } from './port.js';
import { customerTransactionId, WiseBankPayouts } from './wise.js';

let wise: FakeWise;
let payouts: WiseBankPayouts;
let payout: PayoutInput;

beforeEach(async () => {
  wise = await startFakeWise();
  payouts = new WiseBankPayouts({ apiToken: wise.apiToken, profileId: wise.profileId, baseUrl: wise.baseUrl });
  const { accountId } = await payouts.createRecipient({
    holder: 'Alice Walker',
    iban: 'GB82WEST12345698765432',
    currency: 'GBP',
  });
  payout = {
    accountId,
    amount: 12345,
    currency: 'GBP',
    accountCurrency: 'GBP',
    idempotencyKey: 'request-1',
    reference: 'Refund #1004',
  };
});
afterEach(() => wise.close());

const funded = () => wise.transfers().map((transfer) => transfer.funded);
const calledTimes = (method: string, path: RegExp) =>
  wise.calls.filter((call) => call.method === method && path.test(call.path)).length;

const steps: [string, string, RegExp][] = [
  ['the quote', 'POST', /\/quotes$/],
  ['the transfer', 'POST', /^\/v1\/transfers$/],
  ['the funding', 'POST', /\/payments$/],
];
const transient: [string, (faults: WiseFaults, path: RegExp) => void][] = [
  ['a dropped connection', (faults, path) => (faults.drop = { count: 1, path })],
  ['a 503', (faults, path) => (faults.fail = { count: 1, path, status: 503 })],
  ['a 429 with Retry-After', (faults, path) => (faults.fail = { count: 1, path, status: 429, retryAfter: '0' })],
];

describe.each(transient)('wise: %s', (_fault, inject) => {
  it.each(steps)('on %s is retried and the payout goes through once', async (_step, method, path) => {
    inject(wise.faults, path);
    const paid = await payouts.pay(payout);
    expect(paid.state).toBe('processing');
    expect(funded()).toEqual([1]);
    expect(calledTimes(method, path)).toBe(2);
  });

  it('on a status look is retried', async () => {
    const { transferId } = await payouts.pay(payout);
    inject(wise.faults, /^\/v1\/transfers\/\d+$/);
    expect(await payouts.status(transferId)).toBe('processing');
    expect(calledTimes('GET', /^\/v1\/transfers\/\d+$/)).toBe(2);
  });
});

describe('wise: faults that are not retried away', () => {
  it('rejects with a timeout error when Wise answers after the deadline', async () => {
    const impatient = new WiseBankPayouts({ ...wise, timeoutMs: 50 });
    wise.faults.latencyMs = 1000;
    await expect(impatient.pay(payout)).rejects.toMatchObject({
      name: 'WiseError',
      code: 'timeout',
      message: expect.stringMatching(
        /^Wise POST \/v3\/profiles\/\d+\/quotes: no answer within 50 ms \(4 tries\)$/,
      ) as unknown,
    });
  });

  it('gives up on a persistent 5xx with an error naming Wise and the status, having paid nothing', async () => {
    wise.faults.fail = { count: Infinity, status: 500 };
    await expect(payouts.pay(payout)).rejects.toMatchObject({
      name: 'WiseError',
      status: 500,
      message: expect.stringMatching(/^Wise POST \/v3\/profiles\/\d+\/quotes: HTTP 500\b/) as unknown,
    });
    expect(wise.transfers()).toEqual([]);
  });

  it('does not retry what Wise refused (422)', async () => {
    const before = calledTimes('POST', /^\/v1\/accounts$/);
    await expect(payouts.createRecipient({ holder: 'A B', iban: 'GB00WEST1', currency: 'GBP' })).rejects.toMatchObject({
      status: 422,
      code: 'NOT_VALID',
    });
    expect(calledTimes('POST', /^\/v1\/accounts$/)).toBe(before + 1);
  });
});

describe('wise: applied, but the answer was lost', () => {
  it.each(steps.slice(1))('on %s: the retry finds the same transfer, funded once', async (_step, method, path) => {
    wise.faults.dropAnswer = { count: 1, path };
    const paid = await payouts.pay(payout);
    expect(wise.transfers()).toMatchObject([{ id: Number(paid.transferId), funded: 1, status: 'processing' }]);
    expect(paid.state).toBe('processing');
    expect(calledTimes(method, path)).toBe(2);
  });

  it('every time: the payout fails, and the next pay with the key finds the funded transfer and pays nothing more', async () => {
    wise.faults.dropAnswer = { count: Infinity, path: /\/payments$/ };
    await expect(payouts.pay(payout)).rejects.toMatchObject({ name: 'WiseError', code: 'network' });
    wise.faults.dropAnswer = { count: 0 };
    const paid = await payouts.pay(payout);
    expect(wise.transfers()).toMatchObject([{ id: Number(paid.transferId), funded: 1 }]);
  });
});

it('wise: a retry after a failed payout sends the same customerTransactionId, and one transfer is made', async () => {
  wise.faults.fail = { count: Infinity, status: 502, path: /^\/v1\/transfers$/ };
  await expect(payouts.pay(payout)).rejects.toThrow(/^Wise POST \/v1\/transfers: HTTP 502/);
  wise.faults.fail = { count: 0, status: 502 };
  await payouts.pay(payout);
  const sent = wise.calls
    .filter((call) => call.method === 'POST' && call.path === '/v1/transfers')
    .map((call) => (call.body as { customerTransactionId: string }).customerTransactionId);
  expect(sent.length).toBeGreaterThan(4);
  expect(new Set(sent)).toEqual(new Set([customerTransactionId('request-1')]));
  expect(funded()).toEqual([1]);
});
