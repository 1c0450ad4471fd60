import { calls, Code } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/fake-api';
import { chosenShirt, order, ORDER_ID, pickupAddress, storedForm, storeForm } from '../../../test/fixtures';
import { landedOn, renderRoute, setUpPortalTests, toasts } from '../../../test/render';
import PickupPage from './pickup-page';

const api = setUpPortalTests();
const url = `/process-manage/pickup/${ORDER_ID}`;
const address = pickupAddress;

const zones: Record<string, string> = { NY: 'America/New_York', IL: 'America/Chicago' };

function renderPage(pickupAddress = address) {
  api.on(
    calls.orderInfo,
    ok(calls.orderInfo, {
      ...order,
      pickup_address: pickupAddress,
      pickupMethod: {
        ...order.pickupMethod,
        pickupTime: { '9-11': '9:00 AM - 11:00 AM', '13-15': '1:00 PM - 3:00 PM' },
      },
    }),
  );
  // The server's window, in the zone of the address's state.
  api.on(calls.pickupWindow, (request) => {
    const { province_code } = request.body as { province_code: string };
    return ok(calls.pickupWindow, { timezone: zones[province_code] ?? '', first: '2026-11-24', last: '2026-12-23' });
  });
  api.on(calls.getRegion, ok(calls.getRegion, { list: [{ code: 'NY', name: 'New York' }] }));
  return renderRoute('process-manage/pickup/:id', url, <PickupPage />);
}

const pickupChosen = { order_product: { [501]: chosenShirt }, solution_id: 1, shipping_method_id: 4 };

describe('pickup page', () => {
  it('starts from the order’s pickup address once, and keeps the shopper’s changes after', async () => {
    storeForm(pickupChosen);
    renderPage();
    const card = await screen.findByRole('region', { name: 'Pickup address' });
    expect(card.textContent).toContain('350 5th Ave');
    expect(card.textContent).toContain('+1 212-555-0101');
    expect(storedForm()?.pickup).toMatchObject({ address, time: '9-11', carrier: 'USPS-EASYPOST' });
    expect(screen.getByText(/39 USC 401, 403, and 404/)).toBeTruthy();
  });

  it('shows the days and times the server answers, in the zone of the pickup address, with its slot labels', async () => {
    storeForm(pickupChosen);
    const { user } = renderPage();
    const card = await screen.findByRole('region', { name: 'Pickup time' });
    expect(card.textContent).toContain('9:00 AM - 11:00 AM');
    expect(card.textContent).toContain('Tuesday, November 24th, 2026');
    expect(card.textContent).toContain('Times are in Eastern Time (New York)');
    expect(api.bodiesOf(calls.pickupWindow)).toEqual([{ province_code: 'NY', zip: '10118' }]);

    await user.click(within(card).getByRole('button', { name: 'Select pickup time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select pickup time' });
    const slots = within(dialog).getByLabelText('Pickup time');
    expect([...slots.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      '9:00 AM - 11:00 AM',
      '1:00 PM - 3:00 PM',
    ]);
    expect(within(dialog).getByText('2026-11-24 – 2026-12-23')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(storedForm()?.pickup).toMatchObject({ date: '2026-11-24', timezone: 'America/New_York' });
  });

  it('asks the server again when the address moves to another zone', async () => {
    storeForm({
      ...pickupChosen,
      pickup: {
        carrier: 'USPS-EASYPOST',
        timezone: 'Etc/GMT+12',
        address: { ...address, province_code: 'IL', city: 'Chicago', zip: '60606' },
        date: '2026-11-23',
        time: '13-15',
      },
    });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Pickup time' });
    expect(card.textContent).toContain('Times are in Central Time (Chicago)');
    // A day the window no longer has becomes its first.
    expect(card.textContent).toContain('Tuesday, November 24th, 2026');
    expect(card.textContent).toContain('1:00 PM - 3:00 PM');
    expect(api.bodiesOf(calls.pickupWindow)).toEqual([{ province_code: 'IL', zip: '60606' }]);
  });

  it('keeps a pickup already chosen instead of the order’s address', async () => {
    const chosen = { ...address, address1: '20 W 34th St' };
    storeForm({
      ...pickupChosen,
      pickup: { carrier: 'USPS-EASYPOST', timezone: 'UTC', address: chosen, date: '2099-01-01', time: '13-15' },
    });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Pickup address' });
    expect(card.textContent).toContain('20 W 34th St');
    expect(storedForm()?.pickup?.address.address1).toBe('20 W 34th St');
  });

  it('shows Required for a missing value and will not continue without it', async () => {
    storeForm(pickupChosen);
    const { user, router } = renderPage({ ...address, apartment: '' });
    const card = await screen.findByRole('region', { name: 'Pickup address' });
    expect(within(card).getByText('Required')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(toasts()).toEqual(['Please provide required information']);
    expect(router.state.location.pathname).toBe(url);
  });

  it('edits the address: rules as the shopper types, the server checks before the save, a refusal keeps it open', async () => {
    storeForm(pickupChosen);
    let verdict: { code: number; msg: string } = {
      code: Code.PickupAddressInvalid,
      msg: 'Pickup address validation failed: Address not found',
    };
    api.on(calls.pickupAddressValidate, () => ok(calls.pickupAddressValidate, verdict));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit pickup address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit pickup address' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await user.clear(within(dialog).getByLabelText('ZIP code'));
    await user.type(within(dialog).getByLabelText('ZIP code'), '1011');
    expect(within(dialog).getByText('Origin zipcode format must be zzzzz[pppp]')).toBeTruthy();
    expect(save).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('ZIP code'), '9');
    await user.clear(within(dialog).getByLabelText('Phone'));
    await user.type(within(dialog).getByLabelText('Phone'), '(212) 555 0199');
    expect(within(dialog).getByLabelText('Phone')).toHaveProperty('value', '212-555-0199');
    await user.click(save);
    expect(await screen.findByText('Pickup address validation failed: Address not found')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit pickup address' })).toBeTruthy();

    verdict = { code: Code.Success, msg: '' };
    await user.click(save);
    await screen.findByText(/\+1 212-555-0199/);
    expect(screen.queryByRole('dialog', { name: 'Edit pickup address' })).toBeNull();
    expect(storedForm()?.pickup?.address).toMatchObject({ zip: '10119', phone: '212-555-0199' });
    expect(api.bodiesOf(calls.pickupAddressValidate).at(-1)).toMatchObject({ zip: '10119' });
  });

  it('goes on to the check step with a complete address', async () => {
    storeForm(pickupChosen);
    const { user } = renderPage();
    await screen.findByRole('region', { name: 'Pickup address' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await landedOn()).toBe(`/process-manage/refund-check/${ORDER_ID}`);
  });
});
