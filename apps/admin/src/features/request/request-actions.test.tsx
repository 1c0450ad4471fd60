import { Code, CSRF_HEADER } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRequest, signedIn } from '../../test/fixtures';
import { merchantRoute, ok, refuse } from '../../test/fake-server';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const ID = 31;

/** The request page of request 31, as the server holds it now. */
function openRequest(request = merchantRequest()) {
  signedIn(server);
  server.on(merchantRoute('get', ID), ok(merchantRoute('get', ID), request));
  return renderConsole(`/requests/${String(ID)}`);
}

const actions = async () => within(await screen.findByRole('group', { name: 'Actions' }));
const dialog = () => screen.getByRole('dialog');

describe('the actions on a request', () => {
  it('offers what the state allows, and approves only once the merchant confirms', async () => {
    server.on(merchantRoute('approve', ID), ok(merchantRoute('approve', ID), merchantRequest({ status: 2 })));
    const { user } = openRequest();
    const group = await actions();
    expect(group.getAllByRole('button').map((button) => button.textContent)).toEqual(['Approve', 'Reject']);

    await user.click(group.getByRole('button', { name: 'Approve' }));
    expect(within(dialog()).getByRole('heading', { name: 'Approve the return of #1041?' })).toBeTruthy();
    expect(server.sentTo(merchantRoute('approve', ID))).toEqual([]);
    await user.click(within(dialog()).getByRole('button', { name: 'Approve' }));

    const group2 = await screen.findByRole('group', { name: 'Actions' });
    await within(group2).findByRole('button', { name: 'Mark received' });
    expect(screen.queryByRole('dialog')).toBeNull();
    const [sent] = server.sentTo(merchantRoute('approve', ID));
    expect(sent?.body).toEqual({});
    expect(sent?.headers[CSRF_HEADER]).toBe('csrf-token-1');
  });

  it('asks why before a rejection, and sends the reason as typed, trimmed', async () => {
    server.on(
      merchantRoute('reject', ID),
      ok(merchantRoute('reject', ID), merchantRequest({ status: 3, decline_reason: 'Worn' })),
    );
    const { user } = openRequest();
    await user.click((await actions()).getByRole('button', { name: 'Reject' }));
    const reason = within(dialog()).getByRole('textbox', { name: 'Why (the shopper reads this)' });
    await user.type(reason, '   ');
    await user.click(within(dialog()).getByRole('button', { name: 'Reject' }));
    expect(within(dialog()).getByText('Say why the return is rejected')).toBeTruthy();
    expect(server.sentTo(merchantRoute('reject', ID))).toEqual([]);

    await user.type(reason, 'Worn ');
    await user.click(within(dialog()).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(/rejected: Worn/)).toBeTruthy();
    expect(server.sentTo(merchantRoute('reject', ID)).map((r) => r.body)).toEqual([{ reason: 'Worn' }]);
  });

  it('refunds at most what the server says is left, offering that amount first', async () => {
    // Returned with a return fee and a label fee: what is left to pay out is the total, not the items' refund.
    const received = merchantRequest({ status: 5, refund: 8950, total: 8050, refundable: 8050 });
    server.on(merchantRoute('refund', ID), ok(merchantRoute('refund', ID), { ...received, status: 4 }));
    const { user } = openRequest(received);
    await user.click((await actions()).getByRole('button', { name: 'Refund' }));
    const amount = within(dialog()).getByRole('textbox', { name: 'Amount (USD)' });
    expect((amount as HTMLInputElement).value).toBe('80.50');
    expect(within(dialog()).getByText('At most $80.50, what the return was computed to be worth.')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '89.50');
    await user.click(within(dialog()).getByRole('button', { name: 'Refund' }));
    expect(within(dialog()).getByText('Enter an amount above zero and at most $80.50')).toBeTruthy();
    expect(server.sentTo(merchantRoute('refund', ID))).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(within(dialog()).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Nothing left to do on this request.')).toBeTruthy();
    expect(server.sentTo(merchantRoute('refund', ID)).map((r) => r.body)).toEqual([{ amount: 4000 }]);
  });

  it("keeps the dialog open with the server's reason when it refuses the change", async () => {
    server.on(
      merchantRoute('approve', ID),
      refuse(409, Code.IllegalTransition, 'Cannot approve a request that is rejected'),
    );
    const { user } = openRequest();
    await user.click((await actions()).getByRole('button', { name: 'Approve' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog()).findByRole('alert')).toHaveProperty(
      'textContent',
      'Cannot approve a request that is rejected',
    );
  });
});
