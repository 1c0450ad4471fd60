import { Code } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleRoute, merchantRoute, ok, refuse } from '../../test/fake-server';
import { merchantRequest, queueRow, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

function openQueue() {
  signedIn(server);
  withSettings(server);
  server.on(consoleRoute('requestCounts'), ok(consoleRoute('requestCounts'), { 1: 3, 2: 1 }));
  server.on(
    merchantRoute('list'),
    ok(merchantRoute('list'), {
      items: [queueRow(33, 1, '#1043'), queueRow(32, 1, '#1042'), queueRow(31, 1, '#1041'), queueRow(30, 2, '#1040')],
      next_cursor: null,
    }),
  );
  return renderConsole('/');
}

describe('bulk approval', () => {
  it('picks only requests that can be approved, approves each, and lists the ones the server refused', async () => {
    server.on(merchantRoute('approve', 33), ok(merchantRoute('approve', 33), merchantRequest({ id: 33, status: 2 })));
    server.on(
      merchantRoute('approve', 32),
      refuse(409, Code.IllegalTransition, 'Cannot approve a request that is approved'),
    );
    server.on(merchantRoute('approve', 31), ok(merchantRoute('approve', 31), merchantRequest({ status: 2 })));
    const { user } = openQueue();
    const table = within(await screen.findByRole('table', { name: 'Return requests, newest first' }));
    expect(table.queryByRole('checkbox', { name: 'Pick #1040' })).toBeNull();

    await user.click(table.getByRole('checkbox', { name: 'Pick every request waiting for review' }));
    await user.click(screen.getByRole('button', { name: 'Approve 3 requests' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Approve 3 requests?' })).toBeTruthy();
    expect(server.sentTo(merchantRoute('approve', 33))).toEqual([]);
    const listed = server.sentTo(merchantRoute('list')).length;
    await user.click(dialog.getByRole('button', { name: 'Approve' }));

    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('Some requests were not approved:')).toBeTruthy();
    expect(alert.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '#32: Cannot approve a request that is approved',
    ]);
    for (const id of [33, 32, 31]) expect(server.sentTo(merchantRoute('approve', id))).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The picks are cleared and the queue is read again, to show what the server now holds.
    expect(screen.getByRole('button', { name: 'Approve picked requests' })).toHaveProperty('disabled', true);
    expect(server.sentTo(merchantRoute('list')).length).toBeGreaterThan(listed);
  });
});
