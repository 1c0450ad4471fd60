import { calls, Code, messages, type ExchangeHold } from '@return-center/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withHold, type ReturnForm } from '../../../shared/return-form';
import { fail, ok, type Reply } from '../../../test/fake-api';
import {
  chosenShirt,
  largeWhiteShirts,
  order,
  ORDER_ID,
  shirtExchangeMoney,
  storedForm,
  storeForm,
} from '../../../test/fixtures';
import { landedOn, renderRoute, setUpPortalTests, toasts } from '../../../test/render';
import CheckStep from './check-step';

const api = setUpPortalTests();
const url = `/process-manage/refund-check/${ORDER_ID}`;

const held: ExchangeHold = {
  draft_order_id: '77',
  state: 'held',
  amount: 9000,
  currency: 'USD',
  pay_url: '',
  release_on: 'received',
  capture_after_days: 14,
};

/** An even swap whose hold the shopper authorised at the exchange step. */
function renderInstant(submitAnswer: Reply | null, hold: ExchangeHold | null = held) {
  const items = [largeWhiteShirts];
  storeForm({
    order_product: { [501]: chosenShirt },
    solution_id: 5,
    shipping_method_id: 2,
    exchange_items: items,
    exchange_hold: hold && withHold({ exchange_items: items } as ReturnForm, hold).exchange_hold,
  });
  api.on(calls.orderInfo, ok(calls.orderInfo, order));
  api.on(calls.getReturnMoney, shirtExchangeMoney({ instant_exchange: true }));
  if (submitAnswer) api.on(calls.setReturnOrder, submitAnswer);
  return renderRoute('process-manage/refund-check/:id', url, <CheckStep />);
}

describe('check step of an instant exchange', () => {
  it('says the new items ship now against the hold, and submits the hold with its draft', async () => {
    const { user } = renderInstant(ok(calls.setReturnOrder, { request_id: 905 }));
    const label = await screen.findByText('Your new items ship');
    expect(label.nextElementSibling?.textContent).toBe('Now, against a hold of $90.00 on your card');
    await user.click(screen.getByRole('button', { name: 'Submit return request' }));
    expect(await landedOn()).toBe('/status-manage/return-details/905');
    const [body] = api.bodiesOf(calls.setReturnOrder);
    expect(body).toMatchObject({ solution_id: 5, instant_exchange: true, draft_order_id: '77' });
    expect(calls.setReturnOrder.payload.safeParse(body).success).toBe(true);
    // The form is reset a moment after the submit: within this test, not under the next one's stored form.
    await expect.poll(storedForm).toBeNull();
  });

  it('submits an ordinary exchange without a hold', async () => {
    const { user } = renderInstant(ok(calls.setReturnOrder, { request_id: 906 }), null);
    const submit = await screen.findByRole('button', { name: 'Submit return request' });
    expect(screen.queryByText('Your new items ship')).toBeNull();
    await user.click(submit);
    expect(await landedOn()).toBe('/status-manage/return-details/906');
    const [body] = api.bodiesOf(calls.setReturnOrder) as Record<string, unknown>[];
    expect(body).not.toHaveProperty('instant_exchange');
    expect(body).not.toHaveProperty('draft_order_id');
    await expect.poll(storedForm).toBeNull();
  });

  it('sends the shopper back to authorise a hold that is no longer held, keeping the rest of the form', async () => {
    const { user } = renderInstant(fail(calls.setReturnOrder, Code.PaymentPending, messages.pleaseRetry));
    await user.click(await screen.findByRole('button', { name: 'Submit return request' }));
    await expect
      .poll(toasts)
      .toEqual(['The hold on your card is no longer in place. Please authorise it again, or continue without a hold.']);
    expect(await landedOn()).toBe(`/process-manage/exchange/${ORDER_ID}`);
    expect(storedForm()?.exchange_hold).toBeNull();
    expect(storedForm()?.exchange_items).toEqual([largeWhiteShirts]);
    expect(storedForm()?.order_product).toEqual({ [501]: chosenShirt });
  });
});
