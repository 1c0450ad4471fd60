import { BREAKPOINTS, calls } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fake-api';
import { chosenShirt, order, ORDER_ID, storeForm } from '../../test/fixtures';
import { renderRoute, setUpPortalTests } from '../../test/render';
import { FlowLayout } from './flow-layout';

const api = setUpPortalTests();

/** A window `width` pixels wide, as far as media queries go. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
}

const money = (total: number, exchangeAmount = 0) =>
  ok(calls.getReturnMoney, {
    total,
    discount: 0,
    tax: 0,
    refund: total,
    max_refund: total,
    shipping: { money: 0, tax: 0, max: 0 },
    origin_subtotal: total,
    exchange_amount: exchangeAmount,
    return_fee: 0,
    label_fee: 0,
    restocking_fee: 0,
    currency: 'USD',
    currency_format: '${{amount}}',
  });

const renderStep = () =>
  renderRoute(
    'process-manage/method/:id',
    `/process-manage/method/${ORDER_ID}`,
    <FlowLayout step="method" title="How would you like to return item?">
      <p>The step</p>
    </FlowLayout>,
  );

describe('the summary beside the steps', () => {
  beforeEach(() => api.on(calls.orderInfo, ok(calls.orderInfo, order)));

  it('shows the chosen item and the server’s estimate on a wide screen, money back until a solution is chosen', async () => {
    viewport(BREAKPOINTS.lg);
    storeForm({ order_product: { [501]: chosenShirt } });
    api.on(calls.getReturnMoney, money(8050));
    renderStep();
    const summary = await screen.findByRole('region', { name: 'Your return' });
    expect(await within(summary).findByText('Linen shirt / M')).toBeTruthy();
    expect(within(summary).getByText('× 2')).toBeTruthy();
    expect(await within(summary).findByText('$80.50')).toBeTruthy();
    expect(within(summary).getByText('Estimated refund')).toBeTruthy();
    const asked = api.requests.find((r) => r.path.endsWith('/getReturnMoney'));
    expect(asked?.body).toMatchObject({ order_id: ORDER_ID, solution_id: 1, refund_line_items: [{ quantity: 2 }] });
  });

  it('names the solution and method once chosen, with the total the check step will show', async () => {
    viewport(1280);
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 2, shipping_method_id: 2 });
    api.on(calls.getReturnMoney, money(7000));
    renderStep();
    const summary = await screen.findByRole('region', { name: 'Your return' });
    expect(await within(summary).findByText('$70.00')).toBeTruthy();
    expect(within(summary).getByText('Total refund')).toBeTruthy();
    expect(within(summary).getByText('Ship on your own')).toBeTruthy();
  });

  it('shows an exchange as the credit it gives towards the new items', async () => {
    viewport(1280);
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 5 });
    api.on(calls.getReturnMoney, money(0, 8400));
    renderStep();
    const summary = await screen.findByRole('region', { name: 'Your return' });
    expect(await within(summary).findByText('$84.00')).toBeTruthy();
    expect(within(summary).getByText('Return credit')).toBeTruthy();
  });

  it('says what to do while nothing is chosen, and asks for no money', async () => {
    viewport(1280);
    renderStep();
    const summary = await screen.findByRole('region', { name: 'Your return' });
    expect(within(summary).getByText('Choose an item to see what you get back.')).toBeTruthy();
    expect(api.requests.some((r) => r.path.endsWith('/getReturnMoney'))).toBe(false);
  });

  it('keeps the amount back when the shop hides refunds until review', async () => {
    viewport(1280);
    storeForm({ order_product: { [501]: chosenShirt } });
    api.on(calls.orderInfo, ok(calls.orderInfo, { ...order, hidden_refund: 1 }));
    api.on(calls.getReturnMoney, money(8050));
    renderStep();
    const summary = await screen.findByRole('region', { name: 'Your return' });
    expect(await within(summary).findByText(/will be confirmed once the merchant reviews/)).toBeTruthy();
    expect(within(summary).queryByText('$80.50')).toBeNull();
  });

  it('is not drawn on a phone, which makes none of its calls', async () => {
    viewport(390);
    storeForm({ order_product: { [501]: chosenShirt } });
    renderStep();
    expect(await screen.findByText('The step')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your return' })).toBeNull();
    expect(api.requests).toEqual([]);
  });
});
