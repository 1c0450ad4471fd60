import { calls, Code, type ExchangeHold } from '@return-center/contract';
import { present } from '@return-center/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { withHold, withPaidDraft, type ExchangeChoice, type ReturnForm } from '../../../shared/return-form';
import { fail, ok } from '../../../test/fake-api';
import {
  chosenShirt,
  largeWhiteShirts,
  order,
  ORDER_ID,
  shirtExchangeMoney,
  shirtVariants,
  storedForm,
  storeForm,
} from '../../../test/fixtures';
import { landedOn, renderRoute, setUpPortalTests } from '../../../test/render';
import ExchangePage from './exchange-page';
import { InstantHold } from './instant-hold';

const api = setUpPortalTests();
const url = `/process-manage/exchange/${ORDER_ID}`;

const hold = (state: ExchangeHold['state'], more: Partial<ExchangeHold> = {}): ExchangeHold => ({
  draft_order_id: '77',
  state,
  amount: 9000,
  currency: 'USD',
  pay_url: state === 'awaiting_shopper' ? 'https://pay.test/sandbox-pay/p1?sig=abc' : '',
  release_on: 'received',
  capture_after_days: 14,
  ...more,
});
/** The choice the page makes of the stored form: two large white shirts for the two returned. */
const choice = {
  order_id: ORDER_ID,
  refund_line_items: [{ line_item_id: 501, quantity: 2, reason_id: 2 }],
  exchange_line_items: [{ variant_id: 50101, quantity: 2 }],
  idempotency_key: 'idem-key-0001',
};
const heldFor = (items: ExchangeChoice[], answer: ExchangeHold) =>
  withHold({ exchange_items: items } as ReturnForm, answer).exchange_hold;

function renderPage({
  instant = true,
  items = [largeWhiteShirts],
  search = '',
  stored = {},
}: { instant?: boolean; items?: ExchangeChoice[]; search?: string; stored?: Partial<ReturnForm> } = {}) {
  storeForm({ order_product: { [501]: chosenShirt }, solution_id: 5, exchange_items: items, ...stored });
  api.on(calls.orderInfo, ok(calls.orderInfo, order));
  api.on(calls.getReturnMoney, shirtExchangeMoney({ instant_exchange: instant }));
  api.on(calls.getVariantList, ok(calls.getVariantList, shirtVariants));
  // The picker asks for the variant it starts on (the one the shopper has).
  api.on(calls.getVariantIdByOption, ok(calls.getVariantIdByOption, present(shirtVariants.list[0]?.variants[0], 'M')));
  return renderRoute('process-manage/exchange/:id', url + search, <ExchangePage />);
}

const offer = () => screen.findByRole('region', { name: 'Get your new items sooner' });
const startButton = () => screen.getByRole('button', { name: 'Ship my new items now' });

describe('the hold step of an instant exchange', () => {
  it('is not offered when the server does not offer an instant exchange', async () => {
    renderPage({ instant: false });
    expect(await screen.findByText('Linen shirt / L / White')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Get your new items sooner' })).toBeNull();
    expect(api.bodiesOf(calls.exchangeHold)).toEqual([]);
  });

  it('is offered once there are new items', async () => {
    renderPage({ items: [] });
    expect(await screen.findByText('Nothing added yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Get your new items sooner' })).toBeNull();
  });

  it('waits for the difference of a dearer exchange to be paid first', async () => {
    // Two blue shirts at $48.00 for a return worth $90.00.
    const blue = { ...largeWhiteShirts, variant_id: 50104, variant_title: 'L / Blue', variant: { price: 4800 } };
    renderPage({ items: [blue] });
    expect(await screen.findByRole('button', { name: 'Pay $6.00' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Get your new items sooner' })).toBeNull();
    cleanup();
    renderPage({
      items: [blue],
      stored: { exchange_paid: withPaidDraft({ exchange_items: [blue] } as ReturnForm, '77').exchange_paid },
    });
    expect(await offer()).toBeTruthy();
    expect(screen.getByText('The difference of $6.00 is paid.')).toBeTruthy();
  });

  it('asks the server for the hold of the choice and sends the shopper to authorise it', async () => {
    api.on(calls.exchangeHold, ok(calls.exchangeHold, hold('awaiting_shopper')));
    const goTo = vi.fn<(to: string) => void>();
    const { user } = renderRoute(
      'process-manage/exchange/:id',
      url,
      <InstantHold
        choice={choice}
        format={(a) => `$${(a / 100).toFixed(2)}`}
        held={null}
        onHeld={vi.fn()}
        onOrdinary={vi.fn()}
        goTo={goTo}
      />,
    );
    await user.click(startButton());
    expect(api.bodiesOf(calls.exchangeHold)).toEqual([choice]);
    expect(goTo).toHaveBeenCalledExactlyOnceWith('https://pay.test/sandbox-pay/p1?sig=abc');
  });

  it('back from the provider, shows the hold as the server answers it and keeps it for the submit', async () => {
    api.on(calls.exchangeHold, ok(calls.exchangeHold, hold('held')));
    const { user, router } = renderPage({ search: '?hold=77&shop=demo-shop.myshopify.com' });
    const held = await screen.findByRole('region', { name: 'Your new items ship now' });
    expect(within(held).getByRole('status').textContent).toBe(
      'A hold of $90.00 is on your card. Your new items are sent as soon as you submit this return.' +
        'The hold is released when we receive your return.' +
        'If your return has not arrived within 14 days or is not accepted, the held amount is charged (for items not accepted, their share of it).',
    );
    expect(api.bodiesOf(calls.exchangeHold)).toEqual([choice]);
    expect(storedForm()?.exchange_hold?.hold).toEqual(hold('held'));
    // The way back's parameters are read once.
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/method/${ORDER_ID}`);
  });

  it("says when the hold is let go at the carrier's first scan, and in a single day", async () => {
    api.on(
      calls.exchangeHold,
      ok(calls.exchangeHold, hold('held', { release_on: 'first_scan', capture_after_days: 1 })),
    );
    renderPage({ search: '?hold=77' });
    const held = await screen.findByRole('region', { name: 'Your new items ship now' });
    expect(within(held).getByText('The hold is released when the carrier first scans your parcel.')).toBeTruthy();
    expect(
      within(held).getByText(
        'If the carrier has not scanned your parcel within 1 day, or the shop declines your return, the held amount is charged.',
      ),
    ).toBeTruthy();
  });

  it('back from a declined card, says so without asking again, and offers a retry', async () => {
    const { router } = renderPage({ search: '?hold=77&declined=1' });
    await offer();
    expect(screen.getByRole('alert').textContent).toBe(
      'Your card was declined, so nothing is held. Please retry, or continue without a hold.',
    );
    expect(startButton()).toBeTruthy();
    expect(api.bodiesOf(calls.exchangeHold)).toEqual([]);
    expect(storedForm()?.exchange_hold).toBeNull();
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('back without authorising, says "Please retry" and keeps everything the shopper chose', async () => {
    api.on(calls.exchangeHold, ok(calls.exchangeHold, hold('awaiting_shopper')));
    renderPage({ search: '?hold=77' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The card hold could not be placed. Please retry, or continue without a hold.',
    );
    expect(storedForm()?.exchange_hold).toBeNull();
    expect(storedForm()?.exchange_items).toEqual([largeWhiteShirts]);
  });

  it("tells the shopper the server's refusal: a new item sold out", async () => {
    api.on(calls.exchangeHold, fail(calls.exchangeHold, Code.NoStock, 'No stock'));
    const { user } = renderPage();
    await offer();
    await user.click(startButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A new item is no longer in stock. Please choose another.',
    );
    expect(storedForm()?.exchange_items).toEqual([largeWhiteShirts]);
  });

  it('lets the shopper take the ordinary exchange instead, and moves the focus to the offer', async () => {
    const { user } = renderPage({ stored: { exchange_hold: heldFor([largeWhiteShirts], hold('held')) } });
    await screen.findByRole('region', { name: 'Your new items ship now' });
    await user.click(screen.getByRole('button', { name: 'Ship my new items later instead' }));
    await offer();
    expect(storedForm()?.exchange_hold).toBeNull();
    await vi.waitFor(() => expect(document.activeElement).toBe(startButton()));
    expect(api.bodiesOf(calls.exchangeHold)).toEqual([]);
  });

  it('no longer counts a hold once the new items changed', async () => {
    const other = { ...largeWhiteShirts, count: 1 };
    renderPage({ stored: { exchange_hold: heldFor([other], hold('held')) } });
    await offer();
    expect(screen.queryByRole('region', { name: 'Your new items ship now' })).toBeNull();
  });
});
