import type { MerchantWithdrawal, WithdrawalOrder } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute, ok, type SeenRequest } from '../../test/fake-server';
import { signedIn } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

const DECLARED = 1_795_190_400;
const declaration = (change: Partial<MerchantWithdrawal> = {}): MerchantWithdrawal => ({
  id: 7,
  reference: 'W-000007',
  name: 'Dana Weber',
  email: 'dana@example.net',
  order_number: '1004',
  scope: 'items',
  items: [],
  items_text: 'the sweater',
  language: 'de',
  declared_at: DECLARED,
  refund_by: DECLARED + 14 * 86_400,
  matched: false,
  request_id: null,
  linked: null,
  within_period: null,
  ...change,
});
const order = (change: Partial<WithdrawalOrder> = {}): WithdrawalOrder => ({
  order_id: 44,
  order_name: '#1004',
  customer_email: 'carol@example.com',
  email_matches: false,
  items: [
    { line_item_id: 401, title: 'Merino Sweater', variant_title: 'M', quantity: 1 },
    { line_item_id: 402, title: 'Cotton T-Shirt', variant_title: 'L', quantity: 2 },
  ],
  within_period: true,
  open_request: null,
  ...change,
});

/** The list answers the declarations its `request` filter asks for. */
function openWithdrawals(url: string, rows: MerchantWithdrawal[]) {
  signedIn(server);
  server.on(merchantRoute('listWithdrawals'), (request: SeenRequest) =>
    ok(merchantRoute('listWithdrawals'), {
      items: request.query.request === 'none' ? rows.filter((row) => row.request_id === null) : rows,
      next_cursor: null,
    }),
  );
  return renderConsole(url);
}

describe('withdrawals in the console', () => {
  it('shows the declarations without a request first, with what the customer gave and the legal deadline', async () => {
    const linked = declaration({
      id: 6,
      reference: 'W-000006',
      request_id: 12,
      linked: { by: 'console:sam@shop.test', at: DECLARED },
    });
    const { user } = openWithdrawals('/withdrawals', [declaration(), linked]);
    const table = within(await screen.findByRole('table', { name: 'Withdrawal declarations, newest first' }));
    const [row] = table.getAllByRole('row').slice(1);
    const cells = within(row as HTMLElement);
    expect(cells.getByRole('cell', { name: 'W-000007' })).toBeTruthy();
    expect(cells.getByText('“the sweater”')).toBeTruthy();
    expect(cells.getByText('None: no order with this number for this email')).toBeTruthy();
    expect(table.getAllByRole('row')).toHaveLength(2);
    expect(server.sentTo(merchantRoute('listWithdrawals'))[0]?.query.request).toBe('none');

    await user.click(screen.getByRole('button', { name: 'All' }));
    const all = within(await screen.findByRole('table', { name: 'Withdrawal declarations, newest first' }));
    expect((await all.findByRole('link', { name: 'RMA-000012' })).getAttribute('href')).toBe('/requests/12');
    expect(all.getAllByRole('row')).toHaveLength(3);
    expect(all.getByText(/linked by console:sam@shop\.test/)).toBeTruthy();
  });

  it('links a declaration to its order’s open request once the server found the order', async () => {
    server.on(
      merchantRoute('withdrawalOrder', 7),
      ok(merchantRoute('withdrawalOrder', 7), order({ open_request: { id: 12, status: 1 } })),
    );
    server.on(
      merchantRoute('linkWithdrawalToRequest', 7),
      ok(
        merchantRoute('linkWithdrawalToRequest', 7),
        declaration({ request_id: 12, linked: { by: 'merchant-api', at: DECLARED } }),
      ),
    );
    const { user } = openWithdrawals('/withdrawals', [declaration()]);
    await user.click(await screen.findByRole('button', { name: 'Link to a request W-000007' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Link W-000007 to a request' }));
    expect(dialog.getByRole('textbox', { name: 'Order number' })).toHaveProperty('value', '1004');
    await user.click(dialog.getByRole('button', { name: 'Find the order' }));
    expect(await dialog.findByText(/This is not the email the declaration gave \(dana@example\.net\)/)).toBeTruthy();
    expect(dialog.getByText(/The order has an open request, RMA-000012 \(Pending review\)/)).toBeTruthy();
    expect(server.sentTo(merchantRoute('withdrawalOrder', 7))[0]?.query).toEqual({ order_number: '1004' });
    await user.click(dialog.getByRole('button', { name: 'Link to RMA-000012' }));
    expect((await screen.findByRole('status')).textContent).toBe('W-000007 is linked to RMA-000012');
    expect(server.sentTo(merchantRoute('linkWithdrawalToRequest', 7))[0]?.body).toEqual({ request_id: 12 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('makes the order’s withdrawal request with the items staff pick, and not after the period', async () => {
    let late = true;
    server.on(merchantRoute('withdrawalOrder', 7), () =>
      ok(merchantRoute('withdrawalOrder', 7), order({ within_period: !late })),
    );
    server.on(
      merchantRoute('linkWithdrawalToOrder', 7),
      ok(
        merchantRoute('linkWithdrawalToOrder', 7),
        declaration({ request_id: 13, linked: { by: 'merchant-api', at: DECLARED } }),
      ),
    );
    const { user } = openWithdrawals('/withdrawals', [declaration()]);
    await user.click(await screen.findByRole('button', { name: 'Link to a request W-000007' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Find the order' }));
    expect(await dialog.findByText(/came after the shop's withdrawal period/)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Make the withdrawal request' })).toHaveProperty('disabled', true);

    late = false;
    const number = dialog.getByRole('textbox', { name: 'Order number' });
    await user.clear(number);
    await user.type(number, '#1004{Enter}');
    const make = await dialog.findByRole('button', { name: 'Make the withdrawal request' });
    expect(make).toHaveProperty('disabled', true);
    await user.click(dialog.getByRole('checkbox', { name: 'Cotton T-Shirt – L' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Units' }), '1');
    await user.click(make);
    expect((await screen.findByRole('status')).textContent).toBe('W-000007 is linked to RMA-000013');
    // The number as the contract reads it, as the server will.
    expect(server.sentTo(merchantRoute('linkWithdrawalToOrder', 7))[0]?.body).toEqual({
      order_number: '1004',
      items: [{ line_item_id: 402, quantity: 1 }],
    });
  });
});
