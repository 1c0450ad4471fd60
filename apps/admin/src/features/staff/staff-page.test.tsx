import { Code } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleRoute, ok, refuse } from '../../test/fake-server';
import { ownerSession, signedIn } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const sam = {
  id: 2,
  email: 'sam@trail.example',
  name: 'Sam Staff',
  role: 'staff' as const,
  totp_enabled: true,
  language: null,
  created_at: 1,
};
const invite = (email: string, role: 'owner' | 'staff') => ({
  id: 5,
  email,
  role,
  created_at: 1_760_000_000,
  expires_at: 1_760_604_800,
});

function openStaff(invites: ReturnType<typeof invite>[] = []) {
  signedIn(server);
  let staff = [ownerSession.account, sam];
  server.on(consoleRoute('listStaff'), () => ok(consoleRoute('listStaff'), staff));
  server.on(consoleRoute('listInvites'), () => ok(consoleRoute('listInvites'), invites));
  server.on(consoleRoute('removeStaff', 2), () => {
    staff = [ownerSession.account];
    return ok(consoleRoute('removeStaff', 2), null);
  });
  return renderConsole('/staff');
}

describe('staff', () => {
  it('invites someone with the role chosen, and lists the invitation', async () => {
    const pending: ReturnType<typeof invite>[] = [];
    server.on(consoleRoute('invite'), () => {
      pending.push(invite('kim@trail.example', 'owner'));
      return ok(consoleRoute('invite'), null);
    });
    const { user } = openStaff(pending);
    expect(await screen.findByText('No invitation is waiting to be accepted.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'kim@trail.example');
    await user.click(screen.getByRole('radio', { name: 'Owner: everything, including settings, keys and staff' }));
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(
      await screen.findByText('An invitation is on its way to kim@trail.example. The link works for 7 days.'),
    ).toBeTruthy();
    expect(server.sentTo(consoleRoute('invite')).map((r) => r.body)).toEqual([
      { email: 'kim@trail.example', role: 'owner' },
    ]);
    const invitations = within(await screen.findByRole('table', { name: 'Invitations not yet accepted' }));
    expect(invitations.getByText('kim@trail.example')).toBeTruthy();
  });

  it("shows the server's refusal of an invitation beside the email", async () => {
    server.on(consoleRoute('invite'), refuse(400, Code.InvalidInput, 'This email already has an account'));
    const { user } = openStaff();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'sam@trail.example');
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    await screen.findByText('This email already has an account');
    // Read out with the field it is about.
    const field = screen.getByRole('textbox', { name: 'Email' });
    const description = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(description).toEqual(['This email already has an account']);
  });

  it('removes an account after a confirmation, and offers no removal of one’s own', async () => {
    const { user } = openStaff();
    const accounts = within(await screen.findByRole('table', { name: 'Accounts of the shop' }));
    await accounts.findByText('Sam Staff');
    expect(accounts.getAllByRole('button').map((button) => button.textContent)).toEqual(['Remove sam@trail.example']);
    await user.click(accounts.getByRole('button', { name: 'Remove sam@trail.example' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Remove sam@trail.example?' })).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await expect.poll(() => screen.queryByText('Sam Staff')).toBeNull();
    expect(server.sentTo(consoleRoute('removeStaff', 2))).toHaveLength(1);
  });
});
