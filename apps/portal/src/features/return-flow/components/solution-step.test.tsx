import { calls } from '@return-center/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fake-api';
import { chosenShirt, largeWhiteShirts, order, ORDER_ID, storedForm, storeForm } from '../../../test/fixtures';
import { landedOn, renderRoute, setUpPortalTests, toasts } from '../../../test/render';
import SolutionStep from './solution-step';

const api = setUpPortalTests();
const url = `/process-manage/solution/${ORDER_ID}`;

function renderStep(solutionIds = [1, 2], source = order, giftRecipient?: string) {
  const names: Record<number, string> = { 1: 'Refund', 2: 'Discount code', 4: 'Gift card' };
  api.on(calls.orderInfo, ok(calls.orderInfo, source));
  api.on(
    calls.orderConfig,
    ok(calls.orderConfig, {
      returnSolution: solutionIds.map((id) => ({ id, name: names[id] ?? `Solution ${id}`, description: '' })),
      ...(giftRecipient ? { gift_recipient: giftRecipient } : {}),
    }),
  );
  return renderRoute('process-manage/solution/:id', url, <SolutionStep />);
}

const radios = () => screen.getAllByRole<HTMLInputElement>('radio');

describe('solution step', () => {
  it('offers only the solutions the server answered for the chosen item', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    renderStep([1, 4]);
    expect(await screen.findByRole('heading', { name: 'Please select a return solution' })).toBeTruthy();
    expect(radios().map((r) => r.parentElement?.querySelector('.rc-choice__label')?.textContent)).toEqual([
      'Refund to original payment method',
      'Store gift card',
    ]);
    expect(screen.queryByText('Store discount code')).toBeNull();
    expect(api.bodiesOf(calls.orderConfig)).toEqual([
      { order_id: ORDER_ID, refund_line_items: [{ line_item_id: 501, quantity: 2, reason_id: 2 }] },
    ]);
  });

  it('names where a gift return’s credit goes, as the server says (ADR 044)', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    renderStep([2, 4], order, 'gina@example.com');
    expect(
      await screen.findByText(
        'This is a gift return: the store credit and every email about it go to gina@example.com.',
      ),
    ).toBeTruthy();
  });

  it('refuses to continue until a solution is chosen', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    const { user, router } = renderStep();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(toasts()).toEqual(['Please choose a return solution']);
    expect(router.state.location.pathname).toBe(url);
  });

  it('moves on to the return method once a solution is chosen', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, shipping_method_id: 1 });
    const { user } = renderStep();
    await user.click(await screen.findByRole('radio', { name: /Store discount code/ }));
    expect(radios().map((r) => r.checked)).toEqual([false, true]);
    // A new solution forgets the method chosen for the old one.
    expect(storedForm()).toMatchObject({ solution_id: 2, shipping_method_id: null });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/method/${ORDER_ID}`);
  });

  it('goes on to choosing the new item for an exchange', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    const { user } = renderStep([1, 5]);
    await user.click(await screen.findByRole('radio', { name: /Exchange/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/exchange/${ORDER_ID}`);
  });

  it('forgets the new items of an exchange once another solution is chosen', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 5, exchange_items: [largeWhiteShirts] });
    const { user } = renderStep([1, 5]);
    await user.click(await screen.findByRole('radio', { name: /Exchange/ }));
    expect(storedForm()?.exchange_items).toEqual([largeWhiteShirts]);
    await user.click(screen.getByRole('radio', { name: /Refund to original/ }));
    expect(storedForm()).toMatchObject({ solution_id: 1, exchange_items: [] });
  });

  it('keeps an earlier choice selected when the shopper comes back', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1 });
    const { user } = renderStep();
    expect((await screen.findByRole<HTMLInputElement>('radio', { name: /Refund to original/ })).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await landedOn()).toBe(`/process-manage/select/${ORDER_ID}`);
  });

  it('treats a stored solution the server no longer offers as no choice', async () => {
    // Chosen as a gift card earlier; the shop has since stopped offering gift cards.
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 4 });
    const { user, router } = renderStep([1, 2]);
    expect(await screen.findByRole('radio', { name: /Refund to original/ })).toBeTruthy();
    expect(radios().map((r) => r.checked)).toEqual([false, false]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(toasts()).toEqual(['Please choose a return solution']);
    expect(router.state.location.pathname).toBe(url);
  });

  it('says the page could not be loaded and offers a retry that loads it', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    let attempts = 0;
    api.on(calls.orderConfig, () =>
      ++attempts === 1
        ? fail(calls.orderConfig, 5000, 'Server error, please try again')
        : ok(calls.orderConfig, { returnSolution: [{ id: 1, name: 'Refund', description: '' }] }),
    );
    const { user } = renderRoute('process-manage/solution/:id', url, <SolutionStep />);
    expect((await screen.findByRole('alert')).textContent).toContain('This page could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: /Refund to original/ })).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('sends a shopper with no chosen item back to step 1 without asking the server', async () => {
    renderRoute('process-manage/solution/:id', url, <SolutionStep />);
    expect(await landedOn()).toBe(`/process-manage/select/${ORDER_ID}`);
    expect(api.requests).toEqual([]);
  });
});

describe('bank transfer (solution 6)', () => {
  const IBAN = 'GB82 WEST 1234 5698 7654 32';

  it('asks for the required information, refuses a wrong IBAN, then makes the payee and moves on', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    api.on(calls.wiseCustomerCreate, ok(calls.wiseCustomerCreate, { account_id: 'acct-7' }));
    const { user, router } = renderStep([1, 6]);
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(toasts()).toEqual(['Please provide required information']);
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(router.state.location.pathname).toBe(url);

    await user.type(screen.getByLabelText('Full name'), 'Alice');
    await user.type(screen.getByLabelText('Surname'), 'Walker');
    await user.type(screen.getByLabelText('IBAN'), 'GB82 WEST 1234 5698 7654 33');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter a valid IBAN')).toBeTruthy();
    expect(api.bodiesOf(calls.wiseCustomerCreate)).toEqual([]);

    await user.clear(screen.getByLabelText('IBAN'));
    await user.type(screen.getByLabelText('IBAN'), IBAN);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/method/${ORDER_ID}`);
    expect(api.bodiesOf(calls.wiseCustomerCreate)).toEqual([
      {
        order_id: ORDER_ID,
        name: 'Alice',
        surname: 'Walker',
        iban: 'GB82WEST12345698765432',
        currency: 'GBP',
        account_details: '',
      },
    ]);
    expect(storedForm()?.wise).toEqual({
      iban: 'GB82WEST12345698765432',
      name: 'Alice Walker',
      account_id: 'acct-7',
      currency: 'GBP',
    });
  });

  it('takes the currency from a complete IBAN’s country, and keeps the one the shopper picks after it', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    const { user } = renderStep([1, 6]);
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    const currency = screen.getByLabelText<HTMLSelectElement>('Account currency');
    expect(currency.value).toBe('GBP');
    await user.type(screen.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 00');
    expect(currency.value).toBe('EUR');
    await user.selectOptions(currency, 'CHF');
    await user.click(screen.getByLabelText('Full name'));
    expect(currency.value).toBe('CHF');
  });

  it('starts a Bulgarian account in euro, as Bulgaria has paid in euro since 1 January 2026', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    const { user } = renderStep([1, 6]);
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await user.type(screen.getByLabelText('IBAN'), 'BG80 BNBG 9661 1020 3456 78');
    expect(screen.getByLabelText<HTMLSelectElement>('Account currency').value).toBe('EUR');
  });

  it('starts from the account the shopper gave before, which the server hands back masked (#30)', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    const { user } = renderStep([1, 6], {
      ...order,
      customer_wise_name: 'Alice May Walker',
      customer_wise_iban: '•••• 5432',
      wise_account_id: 'acct-3',
      customer_wise_currency: 'EUR',
    });
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Alice');
    expect(screen.getByLabelText<HTMLInputElement>('Surname').value).toBe('May Walker');
    expect(screen.getByLabelText<HTMLInputElement>('IBAN').value).toBe('•••• 5432');
    expect(screen.getByLabelText<HTMLSelectElement>('Account currency').value).toBe('EUR');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/method/${ORDER_ID}`);
    // No new payee: the submit names the account made before.
    expect(api.bodiesOf(calls.wiseCustomerCreate)).toEqual([]);
    expect(storedForm()?.wise).toEqual({
      iban: '•••• 5432',
      name: 'Alice May Walker',
      account_id: 'acct-3',
      currency: 'EUR',
    });
  });

  it('makes a new payee when the shopper types another IBAN over the one handed back', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    api.on(calls.wiseCustomerCreate, ok(calls.wiseCustomerCreate, { account_id: 'acct-9' }));
    const { user } = renderStep([6], {
      ...order,
      customer_wise_name: 'Alice Walker',
      customer_wise_iban: '•••• 5432',
      wise_account_id: 'acct-3',
      customer_wise_currency: 'GBP',
    });
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await user.clear(screen.getByLabelText('IBAN'));
    await user.type(screen.getByLabelText('IBAN'), IBAN);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/method/${ORDER_ID}`);
    expect(api.bodiesOf(calls.wiseCustomerCreate)).toMatchObject([{ name: 'Alice', iban: 'GB82WEST12345698765432' }]);
    expect(storedForm()?.wise?.account_id).toBe('acct-9');
  });

  it('stays on the step with the server’s message when the payee is refused', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    api.on(calls.wiseCustomerCreate, fail(calls.wiseCustomerCreate, 1002, 'iban: Please enter a valid IBAN'));
    const { user, router } = renderStep([6]);
    await user.click(await screen.findByRole('radio', { name: /Bank transfer/ }));
    await user.type(screen.getByLabelText('Full name'), 'Alice');
    await user.type(screen.getByLabelText('Surname'), 'Walker');
    await user.type(screen.getByLabelText('IBAN'), IBAN);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('iban: Please enter a valid IBAN')).toBeTruthy();
    expect(router.state.location.pathname).toBe(url);
    expect(storedForm()?.wise).toBeNull();
  });
});
