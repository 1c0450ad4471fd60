import type { MerchantRequest } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRequest, signedIn } from '../../test/fixtures';
import { merchantRoute, ok } from '../../test/fake-server';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const ID = 36;
/** Noon UTC, so the day reads the same in any time zone a test machine has. */
const JUNE_28 = 1_782_648_000;
const JULY_3 = 1_783_080_000;
const JULY_14 = 1_784_030_400;

type Hold = NonNullable<MerchantRequest['hold']>;

/** A euro shop's instant exchange: 89.00 authorised on the shopper's card on 28 June. */
const hold = (change: Partial<Hold>): Hold => ({
  state: 'held',
  amount: 8900,
  captured: 0,
  currency: 'EUR',
  release_on: 'received',
  capture_at: JULY_14,
  payment_id: 'sbx_pay_3f9c',
  ...change,
});
const event = (action: string, at: number, note = '') => ({
  actor: 'payments',
  action,
  from_status: 2,
  to_status: 2,
  note,
  at,
});

/** The request page of that exchange, as staff open it, and its hold card. */
async function openHold(request: Partial<MerchantRequest>) {
  signedIn(server);
  const answer = merchantRequest({
    currency: 'EUR',
    currency_format: '€{{amount}}',
    status: 2,
    events: [event('hold_placed', JUNE_28, '€89.00')],
    ...request,
  });
  server.on(merchantRoute('get', ID), ok(merchantRoute('get', ID), answer));
  renderConsole(`/requests/${String(ID)}`);
  return screen.findByRole('region', { name: 'Card hold (instant exchange)' });
}

const rowText = (card: HTMLElement, name: string) =>
  within(card).getByRole('row', { name: new RegExp(name) }).textContent;

describe('the card hold of an instant exchange on its request page (ADR 047)', () => {
  it('while held: the amount in the shop’s currency, when it is let go, and the day it is captured otherwise', async () => {
    const card = await openHold({ hold: hold({}) });
    expect(within(card).getByText('Held', { selector: 'strong' })).toBeTruthy();
    expect(rowText(card, 'Authorised')).toBe('Authorised€89.00');
    expect(within(card).queryByRole('row', { name: /Captured/ })).toBeNull();
    expect(within(card).getByText(/Let go: when the parcel is received/)).toBeTruthy();
    expect(within(card).getByText(/Captured in full if the parcel has not arrived by Jul 14, 2026/)).toBeTruthy();
    expect(within(card).getByText('Payment sbx_pay_3f9c')).toBeTruthy();
  });

  it('let go at the carrier’s first scan, when a rule says so', async () => {
    const card = await openHold({ hold: hold({ release_on: 'first_scan' }) });
    expect(within(card).getByText(/Let go: at the carrier's first scan/)).toBeTruthy();
  });

  it('released: nothing taken, the day it was let go, and no capture still to come', async () => {
    const card = await openHold({
      hold: hold({ state: 'released', capture_at: 0 }),
      events: [event('hold_placed', JUNE_28, '€89.00'), event('hold_released', JULY_3, '€89.00: received')],
    });
    expect(within(card).getByText('Released', { selector: 'strong' })).toBeTruthy();
    expect(rowText(card, 'Authorised')).toBe('Authorised€89.00');
    expect(within(card).queryByRole('row', { name: /Captured|Let go/ })).toBeNull();
    expect(within(card).getByText('Released on Jul 3, 2026')).toBeTruthy();
    expect(within(card).queryByText(/Captured in full/)).toBeNull();
  });

  it('captured in part: what was taken for the refused units, what was let go, and the day', async () => {
    const card = await openHold({
      hold: hold({ state: 'captured', captured: 4450, capture_at: 0 }),
      events: [event('hold_placed', JUNE_28, '€89.00'), event('hold_captured', JULY_3, '€44.50 of €89.00: received')],
    });
    expect(within(card).getByText('Captured', { selector: 'strong' })).toBeTruthy();
    expect(rowText(card, 'Authorised')).toBe('Authorised€89.00');
    expect(rowText(card, 'Captured')).toBe('Captured€44.50');
    expect(rowText(card, 'Let go')).toBe('Let go€44.50');
    expect(within(card).getByText('Captured on Jul 3, 2026')).toBeTruthy();
    expect(within(card).queryByText(/Captured in full if/)).toBeNull();
  });

  it('captured in full: nothing let go', async () => {
    const card = await openHold({
      hold: hold({ state: 'captured', captured: 8900, capture_at: 0 }),
      events: [event('hold_captured', JULY_14, '€89.00 of €89.00: late')],
    });
    expect(rowText(card, 'Captured')).toBe('Captured€89.00');
    expect(within(card).queryByRole('row', { name: /Let go/ })).toBeNull();
    expect(within(card).getByText('Captured on Jul 14, 2026')).toBeTruthy();
  });

  it('is not on the page of a request without a hold', async () => {
    signedIn(server);
    server.on(merchantRoute('get', ID), ok(merchantRoute('get', ID), merchantRequest()));
    renderConsole(`/requests/${String(ID)}`);
    expect(await screen.findByRole('link', { name: 'sam@example.com' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Card hold (instant exchange)' })).toBeNull();
  });
});
