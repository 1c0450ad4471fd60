import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeWise, type FakeWise } from '../../../test/fakes/wise-server.js';
import type { BankPayouts, PayoutInput } from './port.js';
import { SandboxBankPayouts } from './sandbox.js';
import { customerTransactionId, WiseBankPayouts } from './wise.js';

interface Opened {
  payouts: BankPayouts;
  /** Transfers the provider holds, and how many times money left for them. */
  ledger(): { transfers: number; fundings: number };
  /** Has the provider report the transfer as sent to the bank (a sandbox sends at once). */
  markSent(transferId: string): void;
  close(): Promise<void>;
}

/** What every bank-payout adapter must do; each runs this same file. */
const adapters: [string, () => Promise<Opened>][] = [
  [
    'sandbox',
    () => {
      const sandbox = new SandboxBankPayouts();
      const count = () => sandbox.transfers().length;
      return Promise.resolve({
        payouts: sandbox,
        ledger: () => ({ transfers: count(), fundings: count() }),
        markSent: () => {},
        close: async () => {},
      });
    },
  ],
  [
    'wise (local fake)',
    async () => {
      const wise = await startFakeWise();
      const transfers = () => wise.transfers();
      return {
        payouts: new WiseBankPayouts({ apiToken: wise.apiToken, profileId: wise.profileId, baseUrl: wise.baseUrl }),
        ledger: () => ({
          transfers: transfers().length,
          fundings: transfers().reduce((sum, transfer) => sum + transfer.funded, 0),
        }),
        markSent: (transferId) => wise.setTransferStatus(transferId, 'outgoing_payment_sent'),
        close: () => wise.close(),
      };
    },
  ],
];

const payee = { holder: 'Alice Walker', iban: 'GB82 WEST 1234 5698 7654 32', currency: 'GBP' };
const payout = (accountId: string, key = 'request-1'): PayoutInput => ({
  accountId,
  amount: 12345,
  currency: 'GBP',
  accountCurrency: 'GBP',
  idempotencyKey: key,
  reference: 'Refund #1004',
});

describe.each(adapters)('bank-payout port: %s', (_name, open) => {
  let opened: Opened;
  let accountId: string;
  beforeEach(async () => {
    opened = await open();
    ({ accountId } = await opened.payouts.createRecipient(payee));
  });
  afterEach(() => opened.close());

  it('makes a recipient account for a valid IBAN', () => {
    expect(accountId).toMatch(/\S/);
  });

  it('pays: a transfer id and its state, one transfer funded once', async () => {
    const paid = await opened.payouts.pay(payout(accountId));
    expect(paid.transferId).toMatch(/\S/);
    expect(['processing', 'paid']).toContain(paid.state);
    expect(opened.ledger()).toEqual({ transfers: 1, fundings: 1 });
  });

  it('answers the same transfer for the same idempotency key and pays nothing more', async () => {
    const first = await opened.payouts.pay(payout(accountId));
    const again = await opened.payouts.pay(payout(accountId));
    expect(again.transferId).toBe(first.transferId);
    expect(opened.ledger()).toEqual({ transfers: 1, fundings: 1 });
  });

  it('makes a new transfer for another idempotency key', async () => {
    const first = await opened.payouts.pay(payout(accountId, 'request-1'));
    const second = await opened.payouts.pay(payout(accountId, 'request-2'));
    expect(second.transferId).not.toBe(first.transferId);
    expect(opened.ledger()).toEqual({ transfers: 2, fundings: 2 });
  });

  it('tells a transfer state, paid once the transfer is sent', async () => {
    const { transferId } = await opened.payouts.pay(payout(accountId));
    expect(['processing', 'paid', 'failed']).toContain(await opened.payouts.status(transferId));
    opened.markSent(transferId);
    expect(await opened.payouts.status(transferId)).toBe('paid');
  });

  it('takes amounts in minor units whatever the currency exponent (GBP pennies, JPY yen)', async () => {
    const { accountId: yenAccount } = await opened.payouts.createRecipient({ ...payee, currency: 'JPY' });
    await opened.payouts.pay(payout(accountId, 'request-gbp'));
    await opened.payouts.pay({
      ...payout(yenAccount, 'request-jpy'),
      amount: 1000,
      currency: 'JPY',
      accountCurrency: 'JPY',
    });
    expect(opened.ledger()).toEqual({ transfers: 2, fundings: 2 });
  });
});

describe('wise adapter: what reaches Wise', () => {
  let wise: FakeWise;
  let payouts: WiseBankPayouts;
  let accountId: string;
  beforeEach(async () => {
    wise = await startFakeWise();
    payouts = new WiseBankPayouts({ apiToken: wise.apiToken, profileId: wise.profileId, baseUrl: wise.baseUrl });
    ({ accountId } = await payouts.createRecipient(payee));
  });
  afterEach(() => wise.close());

  const bodiesOf = (method: string, path: RegExp) =>
    wise.calls.filter((call) => call.method === method && path.test(call.path)).map((call) => call.body);

  it('creates an IBAN recipient under the profile, and a malformed IBAN is refused naming Wise and the status', async () => {
    expect(bodiesOf('POST', /^\/v1\/accounts$/)).toEqual([
      {
        currency: 'GBP',
        type: 'iban',
        profile: wise.profileId,
        accountHolderName: 'Alice Walker',
        details: { legalType: 'PRIVATE', iban: 'GB82WEST12345698765432' },
      },
    ]);
    await expect(payouts.createRecipient({ ...payee, iban: 'GB00WEST12345698765432' })).rejects.toThrow(
      /^Wise POST \/v1\/accounts: HTTP 422 NOT_VALID: Please specify a valid IBAN/,
    );
  });

  it('quotes the amount as a decimal of the currency: 12345 pennies as 123.45, 1000 yen as 1000', async () => {
    const { accountId: yenAccount } = await payouts.createRecipient({ ...payee, currency: 'JPY' });
    await payouts.pay(payout(accountId, 'request-gbp'));
    await payouts.pay({ ...payout(yenAccount, 'request-jpy'), amount: 1000, currency: 'JPY', accountCurrency: 'JPY' });
    expect(bodiesOf('POST', /\/quotes$/)).toMatchObject([
      { sourceCurrency: 'GBP', targetCurrency: 'GBP', sourceAmount: 123.45 },
      { sourceCurrency: 'JPY', targetCurrency: 'JPY', sourceAmount: 1000 },
    ]);
    expect(wise.transfers().map((transfer) => [transfer.targetValue, transfer.targetCurrency])).toEqual([
      [123.45, 'GBP'],
      [1000, 'JPY'],
    ]);
  });

  it('sends the refund in the order’s currency to an account in another, which Wise converts', async () => {
    await payouts.pay({ ...payout(accountId), amount: 2500, currency: 'USD' });
    expect(bodiesOf('POST', /\/quotes$/)).toMatchObject([
      { sourceCurrency: 'USD', targetCurrency: 'GBP', sourceAmount: 25 },
    ]);
    // The fake's fixed rate: a pound is worth 1.25 dollars.
    expect(wise.transfers().map((tr) => [tr.sourceValue, tr.targetValue, tr.targetCurrency])).toEqual([
      [25, 20, 'GBP'],
    ]);
  });

  it('creates the transfer with a UUID customerTransactionId derived from the key, then funds it from the balance', async () => {
    const { transferId } = await payouts.pay(payout(accountId, 'request-7'));
    const [made] = wise.transfers();
    expect(bodiesOf('POST', /^\/v1\/transfers$/)).toEqual([
      {
        targetAccount: Number(accountId),
        quoteUuid: made?.quoteUuid,
        customerTransactionId: customerTransactionId('request-7'),
        details: { reference: 'Refund #1004' },
      },
    ]);
    expect(customerTransactionId('request-7')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(customerTransactionId('request-8')).not.toBe(customerTransactionId('request-7'));
    expect(wise.calls.map((call) => `${call.method} ${call.path}`).slice(-1)).toEqual([
      `POST /v3/profiles/${wise.profileId}/transfers/${transferId}/payments`,
    ]);
    expect(bodiesOf('POST', /\/payments$/)).toEqual([{ type: 'BALANCE' }]);
  });

  it.each([
    ['outgoing_payment_sent', 'paid'],
    ['cancelled', 'failed'],
    ['funds_refunded', 'failed'],
    ['bounced_back', 'failed'],
    ['charged_back', 'failed'],
    ['incoming_payment_waiting', 'processing'],
    ['funds_converted', 'processing'],
  ])('maps the transfer status %s to %s', async (wiseStatus, state) => {
    const { transferId } = await payouts.pay(payout(accountId));
    wise.setTransferStatus(transferId, wiseStatus);
    expect(await payouts.status(transferId)).toBe(state);
  });

  it('refuses a wrong token with 401', async () => {
    const stranger = new WiseBankPayouts({ ...wise, apiToken: 'not-the-token' });
    await expect(stranger.status('1')).rejects.toThrow(/^Wise GET \/v1\/transfers\/1: HTTP 401 invalid_token/);
  });
});
