import { calls } from '@return-center/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fake-api';
import { chosenShirt, order, ORDER_ID, storedForm, storeForm } from '../../../test/fixtures';
import { landedOn, renderRoute, setUpPortalTests, toasts } from '../../../test/render';
import MethodStep from './method-step';

const api = setUpPortalTests();
const url = `/process-manage/method/${ORDER_ID}`;

function renderStep(
  methods: { id: number; fee: number }[] = [
    { id: 1, fee: 550 },
    { id: 2, fee: 0 },
  ],
) {
  api.on(calls.orderInfo, ok(calls.orderInfo, order));
  api.on(
    calls.orderConfig,
    ok(calls.orderConfig, {
      returnShippingMethod: methods.map((m) => ({ ...m, name: `Method ${m.id}`, description: '' })),
    }),
  );
  return renderRoute('process-manage/method/:id', url, <MethodStep />);
}

const labels = () =>
  screen.getAllByRole('radio').map((r) => r.parentElement?.querySelector('.rc-choice__label')?.textContent);

describe('method step', () => {
  it('offers only the methods the server answered, with their fee in the shop currency', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1 });
    renderStep();
    expect(await screen.findByRole('heading', { name: 'How would you like to return item?' })).toBeTruthy();
    expect(labels()).toEqual(['Label from the merchant', 'Ship on your own']);
    expect(screen.getByText(/Fee \$5\.50/)).toBeTruthy();
    expect(screen.queryByText('Keep the item')).toBeNull();
    // The server applies the solution's rules, so it is told the chosen solution.
    expect(api.bodiesOf(calls.orderConfig)).toEqual([
      { order_id: ORDER_ID, refund_line_items: [{ line_item_id: 501, quantity: 2, reason_id: 2 }], solution_id: 1 },
    ]);
  });

  it('offers keeping the item when the server allows it', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1 });
    renderStep([{ id: 3, fee: 0 }]);
    await screen.findByRole('radio', { name: /Keep the item/ });
    expect(labels()).toEqual(['Keep the item']);
  });

  it('refuses to continue until a method is chosen', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1 });
    const { user, router } = renderStep();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(toasts()).toEqual(['Please choose how to return the item']);
    expect(router.state.location.pathname).toBe(url);
  });

  it('refuses a stored method the server no longer offers', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1, shipping_method_id: 3 });
    const { user, router } = renderStep();
    await screen.findByRole('radio', { name: /Label from the merchant/ });
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(toasts()).toEqual(['Please choose how to return the item']);
    expect(router.state.location.pathname).toBe(url);
  });

  it('moves on to the check step once a method is chosen', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1 });
    const { user } = renderStep();
    await user.click(await screen.findByRole('radio', { name: /Ship on your own/ }));
    expect(storedForm()?.shipping_method_id).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/refund-check/${ORDER_ID}`);
  });

  it('goes back to the solution step', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1 });
    const { user } = renderStep();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await landedOn()).toBe(`/process-manage/solution/${ORDER_ID}`);
  });

  it('goes back to choosing the new item for an exchange', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 5 });
    const { user } = renderStep();
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await landedOn()).toBe(`/process-manage/exchange/${ORDER_ID}`);
  });

  it('sends a shopper without a solution back to step 1', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    renderStep();
    expect(await landedOn()).toBe(`/process-manage/select/${ORDER_ID}`);
  });
});
