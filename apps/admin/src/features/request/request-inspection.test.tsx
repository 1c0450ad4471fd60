import { screen, within } from '@testing-library/react';
import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { merchantRequest, signedIn } from '../../test/fixtures';
import { merchantRoute, ok } from '../../test/fake-server';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const ID = 31;

describe('inspecting the items at receipt', () => {
  it('sends each group of units as inspected, and shows the refund of the accepted ones', async () => {
    const approved = merchantRequest({ status: 2, refundable: 8050 });
    const inspected = merchantRequest({
      status: 5,
      refundable: 4025,
      inspected_total: 4025,
      items: [
        {
          ...present(approved.items[0], 'item'),
          accepted_quantity: 1,
          inspection: [
            { quantity: 1, condition: 'as_new', restock: true, outcome: 'accepted', reason: '' },
            { quantity: 1, condition: 'damaged', restock: false, outcome: 'rejected', reason: 'Torn seam' },
          ],
        },
      ],
    });
    signedIn(server);
    server.on(merchantRoute('get', ID), ok(merchantRoute('get', ID), approved));
    server.on(merchantRoute('receive', ID), ok(merchantRoute('receive', ID), inspected));
    const { user } = renderConsole(`/requests/${String(ID)}`);

    const actions = within(await screen.findByRole('group', { name: 'Actions' }));
    await user.click(actions.getByRole('button', { name: 'Mark received' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('checkbox', { name: /Inspect each item/ }));
    const item = within(dialog.getByRole('group', { name: 'Linen shirt / M × 2' }));
    const first = within(item.getByRole('group', { name: 'Units group 1' }));
    await user.clear(first.getByRole('textbox', { name: 'Units' }));
    await user.type(first.getByRole('textbox', { name: 'Units' }), '1');
    await user.click(item.getByRole('button', { name: 'Add a group of units of Linen shirt / M' }));
    const second = within(item.getByRole('group', { name: 'Units group 2' }));
    await user.selectOptions(second.getByRole('combobox', { name: 'Condition' }), 'Damaged');
    await user.selectOptions(second.getByRole('combobox', { name: 'Decision' }), 'Reject (no refund)');
    expect(second.getByRole('checkbox', { name: 'Put back in stock' })).toHaveProperty('disabled', true);
    await user.type(second.getByRole('textbox', { name: 'Why not refunded (the shopper reads this)' }), 'Torn seam');
    await user.click(dialog.getByRole('button', { name: 'Mark received' }));

    expect(await screen.findByText('1 of 2 refunded')).toBeTruthy();
    expect(server.sentTo(merchantRoute('receive', ID)).map((r) => r.body)).toEqual([
      {
        items: [
          { line_item_id: 501, quantity: 1, condition: 'as_new', restock: true, outcome: 'accepted', reason: '' },
          {
            line_item_id: 501,
            quantity: 1,
            condition: 'damaged',
            restock: false,
            outcome: 'rejected',
            reason: 'Torn seam',
          },
        ],
      },
    ]);
    expect(screen.getByText(/1 × Damaged · Reject \(no refund\) · Torn seam/)).toBeTruthy();
    const money = within(screen.getByRole('region', { name: 'Money' }));
    expect(money.getByRole('row', { name: 'Refundable after inspection $40.25' })).toBeTruthy();

    // The refund offers the accepted units' money, what the server now says is refundable.
    await user.click(
      within(await screen.findByRole('group', { name: 'Actions' })).getByRole('button', { name: 'Refund' }),
    );
    expect(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Amount (USD)' })).toHaveProperty(
      'value',
      '40.25',
    );
  });

  it('receives without item detail when the desk does not inspect, as before', async () => {
    signedIn(server);
    const approved = merchantRequest({ status: 2 });
    server.on(merchantRoute('get', ID), ok(merchantRoute('get', ID), approved));
    server.on(merchantRoute('receive', ID), ok(merchantRoute('receive', ID), { ...approved, status: 5 }));
    const { user } = renderConsole(`/requests/${String(ID)}`);
    await user.click(
      within(await screen.findByRole('group', { name: 'Actions' })).getByRole('button', { name: 'Mark received' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark received' }));
    await within(await screen.findByRole('group', { name: 'Actions' })).findByRole('button', { name: 'Refund' });
    expect(server.sentTo(merchantRoute('receive', ID)).map((r) => r.body)).toEqual([{}]);
  });
});
