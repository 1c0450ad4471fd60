import { calls } from '@return-center/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fake-api';
import { chosenShirt, order, ORDER_ID, reasons, shirt, storedForm, storeForm } from '../../../test/fixtures';
import { landedOn, renderRoute, setUpPortalTests, toasts } from '../../../test/render';
import { useSession } from '../../../shared/session-store';
import SelectStep from './select-step';

const api = setUpPortalTests();

function renderStep() {
  api.on(calls.orderInfo, ok(calls.orderInfo, order));
  api.on(calls.getReason, ok(calls.getReason, reasons));
  return renderRoute('process-manage/select/:id', `/process-manage/select/${ORDER_ID}`, <SelectStep />);
}

describe('select step', () => {
  it('lists the returnable items with their prices and asks for this order', async () => {
    renderStep();
    expect(await screen.findByRole('heading', { name: 'What would you like to return?' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Linen shirt / M' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Canvas tote' })).toBeTruthy();
    // Each card is one control: its name is the item, its description the price and how many can be returned.
    const shirt = screen.getByRole('checkbox', { name: 'Linen shirt / M' });
    expect(shirt.getAttribute('aria-checked')).toBe('false');
    expect(document.getElementById(shirt.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^\$45\.00 · Qty \d+$/,
    );
    expect(screen.getByText(/^\$20\.00/)).toBeTruthy();
    expect(api.bodiesOf(calls.orderInfo)).toEqual([{ order_id: ORDER_ID }]);
  });

  it('says the order could not be loaded instead of a blank step, and loads it on retry', async () => {
    let attempts = 0;
    api.on(calls.orderInfo, () =>
      ++attempts === 1 ? fail(calls.orderInfo, 1004, 'Not found') : ok(calls.orderInfo, order),
    );
    api.on(calls.getReason, ok(calls.getReason, reasons));
    const { user } = renderRoute('process-manage/select/:id', `/process-manage/select/${ORDER_ID}`, <SelectStep />);
    expect((await screen.findByRole('alert')).textContent).toContain('This page could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Canvas tote' })).toBeTruthy();
  });

  it('shows non-returnable items with their reason and no way to choose them', async () => {
    renderStep();
    const heading = await screen.findByRole('heading', { name: 'Non-returnable items' });
    const list = heading.nextElementSibling as HTMLElement;
    expect(within(list).getByText('Wool scarf / Grey')).toBeTruthy();
    expect(within(list).getByText('Missed the return window')).toBeTruthy();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /Wool scarf/ })).toBeNull();
  });

  it("names the step as the spec does, and an order refunded at the store with the spec's text (#30)", async () => {
    api.on(
      calls.orderInfo,
      ok(calls.orderInfo, {
        ...order,
        no: order.no.map((line) => ({ ...line, reason: 'refunded_at_platform' as const })),
      }),
    );
    api.on(calls.getReason, ok(calls.getReason, reasons));
    renderRoute('process-manage/select/:id', `/process-manage/select/${ORDER_ID}`, <SelectStep />);
    const heading = await screen.findByRole('heading', { name: 'Non-returnable items' });
    expect(
      within(heading.nextElementSibling as HTMLElement).getByText('Order has been refunded at shopify.'),
    ).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Return steps' });
    expect(within(steps).getAllByRole('listitem')[0]?.textContent).toMatch(/Select return item$/);
  });

  it('refuses to continue while no item has a reason', async () => {
    const { user, router } = renderStep();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(toasts()).toEqual(['Unselected return item.']);
    expect(router.state.location.pathname).toBe(`/process-manage/select/${ORDER_ID}`);
  });

  it('choosing an item opens the reason dialog; saving a reason selects it and lets the shopper continue', async () => {
    const { user } = renderStep();
    await user.click(await screen.findByRole('checkbox', { name: 'Linen shirt / M' }));
    const dialog = screen.getByRole('dialog', { name: 'Why are you returning this item?' });
    expect(within(dialog).getByText('Linen shirt / M')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Return quantity'), '2');
    await user.click(within(dialog).getByRole('radio', { name: 'Arrived too late' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Selected: 2 × Arrived too late')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Linen shirt / M' }).getAttribute('aria-checked')).toBe('true');
    expect(storedForm()?.order_product).toEqual({
      [501]: {
        line_item_id: 501,
        product_id: shirt.product_id,
        variant: shirt.variant,
        quantity: 2,
        reason_id: 1,
        reason_group_id: 1,
        reason_text: 'Arrived too late',
        reason_description: '',
        provide_proof: [],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/solution/${ORDER_ID}`);
  });

  it("keeps the chosen reason's group with the item, for the submit (#30)", async () => {
    const { user } = renderStep();
    await user.click(await screen.findByRole('checkbox', { name: 'Canvas tote' }));
    const dialog = screen.getByRole('dialog', { name: 'Why are you returning this item?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Others (specify in notes)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(storedForm()?.order_product[502]).toMatchObject({ reason_id: 6, reason_group_id: 2 });
  });

  it('Cancel and Escape close the dialog without selecting anything', async () => {
    const { user } = renderStep();
    await user.click(await screen.findByRole('checkbox', { name: 'Canvas tote' }));
    await user.click(screen.getByRole('radio', { name: 'Arrived too late' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Canvas tote' }));
    await user.click(screen.getByRole('radio', { name: 'Arrived too late' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Keyboard users land back where they were.
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Canvas tote' }));

    expect(screen.queryByText(/^Selected:/)).toBeNull();
    expect(storedForm()).toBeNull();
  });

  it('allows one product variant per request', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    const { user } = renderStep();
    await user.click(await screen.findByRole('checkbox', { name: 'Canvas tote' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toEqual(['Sorry, You can only select one product variant per request.']);
  });

  it('reopens a chosen item with its saved answers, and unchecking the card unselects it', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1, shipping_method_id: 2 });
    const { user } = renderStep();
    expect(await screen.findByText('Selected: 2 × Poor quality/faulty')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit Linen shirt / M' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Poor quality/faulty' }).checked).toBe(true);
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Return description').value).toBe('Seam came apart');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('checkbox', { name: 'Linen shirt / M' }));
    expect(screen.queryByText(/^Selected:/)).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(storedForm()).toMatchObject({ order_product: {}, solution_id: null, shipping_method_id: null });
  });

  it("asks for the reasons in the shopper's language, and again when the language changes", async () => {
    const french = {
      list: reasons.list.map((r) => ({ ...r, text: r.id === 1 ? 'Arrivé trop tard' : r.text })),
    };
    const { user } = renderStep();
    api.on(calls.getReason, (request) =>
      ok(calls.getReason, (request.body as { lang?: string }).lang === 'fr' ? french : reasons),
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Linen shirt / M' }));
    expect(screen.getByRole('radio', { name: 'Arrived too late' })).toBeTruthy();
    expect(api.bodiesOf(calls.getReason)).toEqual([{ lang: 'en' }]);

    act(() => useSession.getState().setLanguage('fr'));
    // The open dialog stays open and shows the French reasons once they arrive.
    expect(await screen.findByRole('radio', { name: 'Arrivé trop tard' })).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(api.bodiesOf(calls.getReason)).toEqual([{ lang: 'en' }, { lang: 'fr' }]);
  });
});
