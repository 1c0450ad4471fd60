import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleRoute, ok } from '../../test/fake-server';
import { signedIn } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const warehouse = { id: 7, label: 'Warehouse', hint: 'x9Qa', created_at: 1_760_000_000 };
const erp = { id: 8, label: 'ERP', hint: 'L2mc', created_at: 1_760_100_000 };

describe('API keys', () => {
  it('shows a new key once, then lists it by name and its last characters only', async () => {
    signedIn(server);
    let keys = [warehouse];
    server.on(consoleRoute('listKeys'), () => ok(consoleRoute('listKeys'), keys));
    server.on(consoleRoute('createKey'), () => {
      keys = [warehouse, erp];
      return ok(consoleRoute('createKey'), { ...erp, key: 'rc_live_9f8e7d6c5b4a3L2mc' });
    });
    const { user } = renderConsole('/keys');
    await screen.findByRole('cell', { name: 'Warehouse' });

    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  ERP ');
    await user.click(screen.getByRole('button', { name: 'Create a key' }));
    const created = within(await screen.findByRole('status'));
    expect(created.getByText('The key "ERP" is shown only now: copy it into your secret store.')).toBeTruthy();
    expect(created.getByText('rc_live_9f8e7d6c5b4a3L2mc')).toBeTruthy();
    // The label as the contract reads it, trimmed; the field is emptied for the next key.
    expect(server.sentTo(consoleRoute('createKey')).map((r) => r.body)).toEqual([{ label: 'ERP' }]);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', '');
    await screen.findByRole('cell', { name: 'ERP' });
    expect(screen.getByRole('table').textContent).not.toContain('rc_live_9f8e7d6c5b4a3L2mc');
  });

  it('revokes a key only once the owner confirms, and drops it from the list', async () => {
    signedIn(server);
    let keys = [warehouse, erp];
    server.on(consoleRoute('listKeys'), () => ok(consoleRoute('listKeys'), keys));
    server.on(consoleRoute('revokeKey', 7), () => {
      keys = [erp];
      return ok(consoleRoute('revokeKey', 7), null);
    });
    const { user } = renderConsole('/keys');
    await user.click(await screen.findByRole('button', { name: 'Revoke Warehouse' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Revoke the key "Warehouse"?' })).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sentTo(consoleRoute('revokeKey', 7))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke Warehouse' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await expect.poll(() => screen.queryByRole('cell', { name: 'Warehouse' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'ERP' })).toBeTruthy();
    expect(server.sentTo(consoleRoute('revokeKey', 7))).toHaveLength(1);
  });
});
