import { calls, Code, type AnswerOf, type PayloadOf } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ExchangeChoice } from '../../../shared/return-form';
import { fail, ok } from '../../../test/fake-api';
import {
  chosenShirt,
  largeWhiteShirts,
  order,
  ORDER_ID,
  shirt,
  shirtVariants,
  storedForm,
  storeForm,
} from '../../../test/fixtures';
import { landedOn, renderRoute, setUpPortalTests, toasts } from '../../../test/render';
import ExchangePage from './exchange-page';
import { PayDifference } from './pay-difference';

const api = setUpPortalTests();
const url = `/process-manage/exchange/${ORDER_ID}`;

/** getVariantIdByOption as the server answers it: the variant with those values, if it has the units. */
function answerVariantByOption(request: { body: unknown }) {
  const wanted = request.body as PayloadOf<typeof calls.getVariantIdByOption>;
  const variant = shirtVariants.list[0]?.variants.find(
    (v) => v.option1 === wanted.option1 && v.option2 === wanted.option2,
  );
  if (!variant || variant.inventory_quantity < wanted.quantity)
    return fail(calls.getVariantIdByOption, Code.NoStock, 'No stock');
  return ok(calls.getVariantIdByOption, variant);
}

function renderPage({
  exchangeAmount = 9000,
  variants = shirtVariants,
  items = [],
  solutionId = 5,
  search = '',
}: {
  exchangeAmount?: number;
  variants?: AnswerOf<typeof calls.getVariantList>;
  items?: ExchangeChoice[];
  solutionId?: number;
  /** The query string the page opens with (the checkout comes back with ?draft=…). */
  search?: string;
} = {}) {
  storeForm({ order_product: { [501]: chosenShirt }, solution_id: solutionId, exchange_items: items });
  api.on(calls.orderInfo, ok(calls.orderInfo, order));
  api.on(
    calls.getReturnMoney,
    ok(calls.getReturnMoney, {
      total: exchangeAmount,
      discount: 0,
      tax: 0,
      refund: exchangeAmount,
      max_refund: exchangeAmount,
      shipping: { money: 0, tax: 0, max: 0 },
      origin_subtotal: 9000,
      exchange_amount: exchangeAmount,
      return_fee: 0,
      label_fee: 0,
      restocking_fee: 0,
      currency: 'USD',
      currency_format: '${{amount}}',
    }),
  );
  api.on(calls.getVariantList, ok(calls.getVariantList, variants));
  api.on(calls.getVariantIdByOption, answerVariantByOption);
  return renderRoute('process-manage/exchange/:id', url + search, <ExchangePage />);
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const optionsOf = (name: string) =>
  within(select(name))
    .getAllByRole('option')
    .map((o) => o.textContent);
const addButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Add to exchange' });
/** The summary's money rows: [label, amount]. */
const summary = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]);

describe('exchange for another variant', () => {
  it('shows the returned item and its options, starting from the variant the shopper has', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Choose your exchange' })).toBeTruthy();
    expect(screen.getByText('You are returning Linen shirt / M × 2')).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Size' })).toBeTruthy();
    expect(select('Size').value).toBe('M');
    expect(select('Colour').value).toBe('White');
    // XL in White has none left; there is no XL in Blue at all. Both may still be picked.
    expect(optionsOf('Size')).toEqual(['M', 'L', 'XL — sold out']);
    expect(optionsOf('Colour')).toEqual(['White', 'Blue']);
    expect(api.bodiesOf(calls.getVariantList)).toEqual([{ product_id: shirt.product_id }]);
    expect(api.bodiesOf(calls.getReturnMoney)).toEqual([
      { order_id: ORDER_ID, refund_line_items: [{ line_item_id: 501, quantity: 2, reason_id: 2 }], solution_id: 5 },
    ]);
  });

  it('asks the server for the chosen options with the return quantity and shows price and stock', async () => {
    const { user } = renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Size' }), 'L');
    expect(await screen.findByText('3 in stock')).toBeTruthy();
    expect(screen.getByText('Price $45.00')).toBeTruthy();
    expect(api.bodiesOf(calls.getVariantIdByOption).at(-1)).toEqual({
      product_id: shirt.product_id,
      quantity: 2,
      option1: 'L',
      option2: 'White',
      option3: null,
    });
    await user.selectOptions(select('Colour'), 'Blue');
    expect(await screen.findByText('5 in stock')).toBeTruthy();
    expect(screen.getByText('Price $48.00')).toBeTruthy();
    expect(optionsOf('Size')).toEqual(['M', 'L', 'XL — unavailable']);
  });

  it("shows the server's No stock for a sold-out combination, and it cannot be added", async () => {
    const { user } = renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Size' }), 'XL');
    const refusal = await screen.findByText('No stock');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(addButton().disabled).toBe(true);
  });

  it('adds the chosen variant for the returned quantity and sums it up against the credit', async () => {
    const { user } = renderPage();
    expect(await screen.findByText('Nothing added yet.')).toBeTruthy();
    await user.selectOptions(select('Size'), 'L');
    await screen.findByText('3 in stock');
    await user.click(addButton());
    const list = screen.getByRole('region', { name: 'Your new items' });
    expect(within(list).getByText('Linen shirt / L / White')).toBeTruthy();
    expect(within(list).getByText('× 2')).toBeTruthy();
    expect(summary()).toEqual([
      ['Return credit', '$90.00'],
      ['New items total', '$90.00'],
      ['Remaining credit', '$0.00'],
    ]);
    expect(storedForm()?.exchange_items).toEqual([
      {
        variant_id: 50101,
        product_id: shirt.product_id,
        count: 2,
        variant: { price: 4500 },
        title: 'Linen shirt',
        variant_title: 'L / White',
      },
    ]);

    // The same variant again adds to its line.
    await user.click(addButton());
    expect(within(list).getByText('× 4')).toBeTruthy();
    expect(summary()).toEqual([
      ['Return credit', '$90.00'],
      ['New items total', '$180.00'],
      ['Remaining credit', '-$90.00'],
    ]);

    await user.click(within(list).getByRole('button', { name: 'Remove Linen shirt / L / White' }));
    expect(within(list).getByText('Nothing added yet.')).toBeTruthy();
    expect(storedForm()?.exchange_items).toEqual([]);
  });

  it('refuses to continue with nothing to exchange for', async () => {
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(toasts()).toEqual(['Please add the item you would like instead']);
    expect(router.state.location.pathname).toBe(url);
  });

  it('refuses to continue when the new items cost more than the return is worth', async () => {
    const { user, router } = renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Colour' }), 'Blue');
    await screen.findByText('2 in stock');
    await user.click(addButton());
    expect(summary()).toEqual([
      ['Return credit', '$90.00'],
      ['New items total', '$96.00'],
      ['Remaining credit', '-$6.00'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(toasts()).toEqual(['Pay the difference before you continue']);
    expect(router.state.location.pathname).toBe(url);
    expect(screen.getByRole('button', { name: 'Pay $6.00' })).toBeTruthy();
  });

  it('continues to the return method with items within the credit, kept from an earlier visit', async () => {
    const { user } = renderPage({ items: [largeWhiteShirts] });
    expect(await screen.findByText('Linen shirt / L / White')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/method/${ORDER_ID}`);
  });

  it('counts a size swap at the same price as even when the shirts were bought at a discount', async () => {
    // Two shirts at $45.00 with a $9.00 discount are worth $81.00; two others of the same price cost nothing more.
    const { user } = renderPage({ exchangeAmount: 8100, items: [largeWhiteShirts] });
    await screen.findByText('Linen shirt / L / White');
    expect(summary()).toEqual([
      ['Return credit', '$90.00'],
      ['New items total', '$90.00'],
      ['Remaining credit', '$0.00'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/method/${ORDER_ID}`);
  });

  it('says the product has been deleted when the shop no longer sells it', async () => {
    renderPage({ variants: { list: [], next_cursor: null, collections: [] } });
    expect((await screen.findByText('The original product has been deleted.')).getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(api.bodiesOf(calls.getVariantIdByOption)).toEqual([]);
  });

  it('goes back to the solution step', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await landedOn()).toBe(`/process-manage/solution/${ORDER_ID}`);
  });

  it('sends a shopper who did not choose an exchange back to the solution step', async () => {
    renderPage({ solutionId: 1 });
    expect(await landedOn()).toBe(`/process-manage/solution/${ORDER_ID}`);
  });
});

describe('paying the difference', () => {
  /** Two blue shirts at $48.00 for a return worth $90.00: $6.00 to pay. */
  const blueShirts: ExchangeChoice = {
    ...largeWhiteShirts,
    variant_id: 50104,
    variant_title: 'L / Blue',
    variant: { price: 4800 },
  };
  const draft = (status: 'open' | 'paid') => ({
    draft_order_id: '77',
    status,
    checkout_url: status === 'open' ? '/local-checkout/1/77?sig=abc' : '',
    total_line_items_price: 9600,
    exchange_credit: 9000,
    total_price: 600,
    currency: 'USD',
  });

  it('asks the store for a draft of the chosen items and sends the shopper to its checkout, to come back here', async () => {
    api.on(calls.createDraftOrder, ok(calls.createDraftOrder, draft('open')));
    const goTo = vi.fn<(url: string) => void>();
    const choice = {
      order_id: ORDER_ID,
      refund_line_items: [{ line_item_id: 501, quantity: 2 }],
      exchange_line_items: [{ variant_id: 50104, quantity: 2 }],
      idempotency_key: 'idem-key-0001',
    };
    const { user } = renderRoute(
      'process-manage/exchange/:id',
      url,
      <PayDifference
        orderId={ORDER_ID}
        choice={choice}
        due={600}
        format={(amount) => `$${(amount / 100).toFixed(2)}`}
        paidDraftId={null}
        onPaid={vi.fn()}
        goTo={goTo}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Pay $6.00' }));
    expect(api.bodiesOf(calls.createDraftOrder)).toEqual([choice]);
    expect(goTo).toHaveBeenCalledExactlyOnceWith(
      `/local-checkout/1/77?sig=abc&return=${encodeURIComponent(`/process-manage/exchange/${ORDER_ID}?draft=77`)}`,
    );
  });

  it('back from the checkout paid, the shopper continues, and the paid draft goes with the submit', async () => {
    api.on(calls.getDraftOrder, ok(calls.getDraftOrder, draft('paid')));
    const { user } = renderPage({ items: [blueShirts], search: '?draft=77' });
    expect(await screen.findByText('The difference of $6.00 is paid.')).toBeTruthy();
    expect(api.bodiesOf(calls.getDraftOrder)).toEqual([{ order_id: ORDER_ID, draft_order_id: '77' }]);
    expect(storedForm()?.exchange_paid?.draft_order_id).toBe('77');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/method/${ORDER_ID}`);
  });

  it('back from the checkout unpaid, it says "Please retry" and offers to pay again', async () => {
    api.on(calls.getDraftOrder, ok(calls.getDraftOrder, draft('open')));
    renderPage({ items: [blueShirts], search: '?draft=77' });
    expect((await screen.findByRole('alert')).textContent).toBe('Please retry');
    expect(screen.getByRole('button', { name: 'Pay $6.00' })).toBeTruthy();
    expect(storedForm()?.exchange_paid ?? null).toBeNull();
  });
});
