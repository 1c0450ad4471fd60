import { calls, Code } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUi } from '../../../shared/ui-store';
import { fail, ok, type Reply } from '../../../test/fake-api';
import { chosenShirt, largeWhiteShirts, order, ORDER_ID, storedForm, storeForm } from '../../../test/fixtures';
import { landedOn, renderRoute, setUpPortalTests, toasts } from '../../../test/render';
import CheckStep from './check-step';

const api = setUpPortalTests();
const url = `/process-manage/refund-check/${ORDER_ID}`;

const moneyData = {
  total: 8050,
  discount: 500,
  tax: 450,
  refund: 8950,
  max_refund: 9000,
  shipping: { money: 0, tax: 0, max: 0 },
  origin_subtotal: 9000,
  exchange_amount: 0,
  return_fee: 300,
  label_fee: 600,
  restocking_fee: 0,
  currency: 'USD',
  currency_format: '${{amount}}',
};
const money = ok(calls.getReturnMoney, moneyData);

function renderStep(submitAnswer?: Reply | (() => Promise<Reply>), source = order) {
  // An empty proof entry (a failed upload) is kept in the form but never submitted (spec §5).
  storeForm({
    order_product: { [501]: { ...chosenShirt, reason_group_id: 3, provide_proof: ['/uploads/a.png', ''] } },
    solution_id: 1,
    shipping_method_id: 2,
  });
  api.on(calls.orderInfo, ok(calls.orderInfo, source));
  api.on(calls.getReturnMoney, money);
  if (submitAnswer) api.on(calls.setReturnOrder, submitAnswer);
  return renderRoute('process-manage/refund-check/:id', url, <CheckStep />);
}

const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: /Submit return request|Submitting/ });

describe('check step', () => {
  it('shows the chosen item, solution, method and the refund the server computed', async () => {
    renderStep();
    expect(await screen.findByRole('heading', { name: 'Check your return request' })).toBeTruthy();
    expect(screen.getByText('Linen shirt / M')).toBeTruthy();
    expect(screen.getByText('× 2')).toBeTruthy();
    expect(screen.getByText('Refund to original payment method')).toBeTruthy();
    expect(screen.getByText('Ship on your own')).toBeTruthy();
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]);
    expect(rows).toEqual([
      ['Subtotal', '$90.00'],
      ['Discount', '-$5.00'],
      ['Tax', '$4.50'],
      ['Refund', '$89.50'],
      ['Shipping fee', '$0.00'],
      ['Return fee', '-$3.00'],
      ['Label fee', '-$6.00'],
      ['Total refund', '$80.50'],
    ]);
    expect(api.bodiesOf(calls.getReturnMoney)).toEqual([
      {
        order_id: ORDER_ID,
        refund_line_items: [{ line_item_id: 501, quantity: 2, reason_id: 2 }],
        solution_id: 1,
        shipping_method_id: 2,
      },
    ]);
  });

  it("shows the shop's bonus credit in the breakdown when the server adds one", async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 4, shipping_method_id: 2 });
    api.on(calls.orderInfo, ok(calls.orderInfo, order));
    api.on(calls.getReturnMoney, ok(calls.getReturnMoney, { ...moneyData, bonus: 805, total: 8855 }));
    renderRoute('process-manage/refund-check/:id', url, <CheckStep />);
    expect(await screen.findByRole('row', { name: 'Bonus credit $8.05' })).toBeTruthy();
    expect(screen.getByTestId('total-refund').textContent).toBe('$88.55');
  });

  it('hides the amounts when the merchant hides the refund', async () => {
    renderStep(undefined, { ...order, hidden_refund: 1 });
    expect(
      await screen.findByText('The refund amount will be confirmed once the merchant reviews your request.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('$80.50')).toBeNull();
  });

  it('submits the stored form and opens the new request once accepted', async () => {
    const { user } = renderStep(ok(calls.setReturnOrder, { request_id: 901 }));
    await user.click(await screen.findByRole('button', { name: 'Submit return request' }));
    expect(await landedOn()).toBe('/status-manage/return-details/901');
    const [body] = api.bodiesOf(calls.setReturnOrder);
    expect(body).toEqual({
      order_id: ORDER_ID,
      shopify_order_id: 'gid-1041',
      solution_id: 1,
      shipping_method_id: 2,
      type: 1,
      from: 2,
      money: 8050,
      idempotency_key: 'idem-key-0001',
      language: navigator.language,
      order_product: [
        {
          id: 501,
          order_product_id: 501,
          quantity: 2,
          // A refund names no new variant; only an exchange fills `change`.
          change: null,
          reason: {
            reason_id: 2,
            reason_text: 'Poor quality/faulty',
            // The reason's group as the reason dialog kept it (#30).
            reason_group_id: 3,
            reason_description: 'Seam came apart',
            provide_proof: ['/uploads/a.png'],
          },
        },
      ],
    });
    expect(calls.setReturnOrder.payload.safeParse(body).success).toBe(true);
    // The form is reset shortly after a successful submit (spec §4).
    await expect.poll(storedForm).toBeNull();
  });

  it('submits once, showing progress, however often the shopper clicks', async () => {
    let answer: (reply: Reply) => void = () => undefined;
    const { user } = renderStep(() => new Promise<Reply>((resolve) => (answer = resolve)));
    await user.click(await screen.findByRole('button', { name: 'Submit return request' }));
    expect(submitButton().textContent).toBe('Submitting');
    expect(submitButton().disabled).toBe(true);
    // The global loading overlay covers the page while the submit is in flight (spec §4), and ends with it.
    expect(useUi.getState().overlayCount).toBe(1);
    await user.click(submitButton());
    answer(ok(calls.setReturnOrder, { request_id: 902 }));
    await expect.poll(() => useUi.getState().overlayCount).toBe(0);
    expect(await landedOn()).toBe('/status-manage/return-details/902');
    expect(api.bodiesOf(calls.setReturnOrder)).toHaveLength(1);
    // Lets the delayed form reset happen within this test.
    await expect.poll(storedForm).toBeNull();
  });

  it('goes to the processing page when a return is already being processed (1067)', async () => {
    const { user } = renderStep(
      fail(calls.setReturnOrder, Code.AlreadyProcessing, 'A return for this order is already being processed', {
        request_id: 77,
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Submit return request' }));
    expect(await landedOn()).toBe('/process/77');
  });

  it('keeps the form and says the submit failed when a 1067 answer names no request to go to', async () => {
    const { user, router } = renderStep(
      fail(calls.setReturnOrder, Code.AlreadyProcessing, 'A return for this order is already being processed'),
    );
    await user.click(await screen.findByRole('button', { name: 'Submit return request' }));
    await expect.poll(toasts).toEqual(['Submit failed, please contact support']);
    expect(router.state.location.pathname).toBe(url);
    expect(storedForm()).toMatchObject({ solution_id: 1, shipping_method_id: 2 });
  });

  it.each([
    [Code.ServerError, 'Submit failed, please contact support'],
    [Code.NothingSelected, 'Please select at least one product'],
    [Code.PickupAddressInvalid, 'Pickup address validation failed'],
  ])('on code %i says "%s" and keeps the form', async (code, message) => {
    const { user, router } = renderStep(fail(calls.setReturnOrder, code, 'refused'));
    await user.click(await screen.findByRole('button', { name: 'Submit return request' }));
    await expect.poll(toasts).toEqual([message]);
    expect(router.state.location.pathname).toBe(url);
    expect(storedForm()).toMatchObject({ solution_id: 1, shipping_method_id: 2, order_product: { 501: {} } });
    expect(submitButton().disabled).toBe(false);
  });

  it("shows the server's message on an HTTP error and keeps the form", async () => {
    const { user, router } = renderStep({
      status: 500,
      body: { code: 5000, msg: 'Internal error', data: { message: 'Refunds are paused for maintenance' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Submit return request' }));
    await expect.poll(toasts).toEqual(['Refunds are paused for maintenance']);
    expect(router.state.location.pathname).toBe(url);
    expect(storedForm()?.order_product[501]?.quantity).toBe(2);
    expect(submitButton().disabled).toBe(false);
  });

  it('goes back to the method step', async () => {
    const { user } = renderStep();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await landedOn()).toBe(`/process-manage/method/${ORDER_ID}`);
  });

  describe('for an exchange', () => {
    function renderExchange(submitAnswer?: Reply, exchangeItems = [largeWhiteShirts]) {
      storeForm({
        order_product: { [501]: chosenShirt },
        solution_id: 5,
        shipping_method_id: 2,
        exchange_items: exchangeItems,
      });
      api.on(calls.orderInfo, ok(calls.orderInfo, order));
      api.on(calls.getReturnMoney, money);
      if (submitAnswer) api.on(calls.setReturnOrder, submitAnswer);
      return renderRoute('process-manage/refund-check/:id', url, <CheckStep />);
    }

    it('lists the new items and submits them as a type 2 request', async () => {
      const { user } = renderExchange(ok(calls.setReturnOrder, { request_id: 903 }));
      expect(await screen.findByRole('heading', { name: 'You receive instead' })).toBeTruthy();
      const newItem = screen.getByText('Linen shirt / L / White').closest('li');
      expect(newItem?.textContent).toBe('Linen shirt / L / White× 2$45.00');
      expect(screen.getByText('Exchange')).toBeTruthy();
      // An exchange refunds nothing: its money is the credit towards the new items (a size swap here, so even).
      expect(screen.queryByText('Total refund')).toBeNull();
      const exchangeMoney = within(screen.getAllByRole('table').at(-1) as HTMLElement)
        .getAllByRole('row')
        .map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]);
      expect(exchangeMoney).toEqual([
        ['Return credit', '$90.00'],
        ['New items total', '$90.00'],
        ['Remaining credit', '$0.00'],
      ]);
      await user.click(screen.getByRole('button', { name: 'Submit return request' }));
      expect(await landedOn()).toBe('/status-manage/return-details/903');
      const [body] = api.bodiesOf(calls.setReturnOrder);
      expect(body).toMatchObject({
        solution_id: 5,
        type: 2,
        exchange_line_items: [{ variant_id: 50101, quantity: 2 }],
        tax: 0,
        taxes_included: false,
        // A swap for another variant of the returned product names it in `change` (#30).
        order_product: [{ order_product_id: 501, quantity: 2, change: { product_id: 5010, variant_id: 50101 } }],
      });
      expect(calls.setReturnOrder.payload.safeParse(body).success).toBe(true);
      await expect.poll(storedForm).toBeNull();
    });

    it('names no change for an exchange for other goods (#30)', async () => {
      const tote = {
        ...largeWhiteShirts,
        variant_id: 50201,
        product_id: 5020,
        title: 'Canvas tote',
        variant_title: '',
      };
      const { user } = renderExchange(ok(calls.setReturnOrder, { request_id: 904 }), [tote]);
      await user.click(await screen.findByRole('button', { name: 'Submit return request' }));
      expect(await landedOn()).toBe('/status-manage/return-details/904');
      expect(api.bodiesOf(calls.setReturnOrder)).toMatchObject([{ order_product: [{ change: null }] }]);
      // The form is reset a moment after the submit: within this test, not under the next one's stored form.
      await expect.poll(storedForm).toBeNull();
    });

    it('says so when a new item sold out in the meantime, and keeps the form', async () => {
      const { user, router } = renderExchange(fail(calls.setReturnOrder, Code.NoStock, 'No stock'));
      await user.click(await screen.findByRole('button', { name: 'Submit return request' }));
      await expect.poll(toasts).toEqual(['A new item is no longer in stock. Please choose another.']);
      expect(router.state.location.pathname).toBe(url);
      expect(storedForm()?.exchange_items).toEqual([largeWhiteShirts]);
    });

    it('offers to pay the difference when the new items cost more than the return (1082), keeping the form', async () => {
      const { user } = renderExchange(
        fail(calls.setReturnOrder, Code.ExchangeCostsMore, 'The new items cost more than your return is worth.'),
      );
      await user.click(await screen.findByRole('button', { name: 'Submit return request' }));
      await expect
        .poll(toasts)
        .toEqual([
          "The new items cost more than your return is worth. Pay the difference at the store's checkout first.",
        ]);
      // Back at the exchange step, where the difference is paid.
      expect(await landedOn()).toBe(`/process-manage/exchange/${ORDER_ID}`);
      expect(storedForm()?.exchange_items).toEqual([largeWhiteShirts]);
    });

    it('sends a shopper without new items back to the exchange step', async () => {
      renderExchange(undefined, []);
      expect(await landedOn()).toBe(`/process-manage/exchange/${ORDER_ID}`);
    });
  });

  it('sends a shopper with an unfinished form back to step 1', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1 });
    api.on(calls.orderInfo, ok(calls.orderInfo, order));
    api.on(calls.getReturnMoney, money);
    renderRoute('process-manage/refund-check/:id', url, <CheckStep />);
    expect(await landedOn()).toBe(`/process-manage/select/${ORDER_ID}`);
  });
});
