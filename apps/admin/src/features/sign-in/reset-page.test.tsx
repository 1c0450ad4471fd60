import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleRoute, ok, refuse } from '../../test/fake-server';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const TOKEN = 'reset-token-0123456789abcdef';

describe('choosing a new password from an emailed link', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("holds the password to the contract's rule before sending it, then sends it with the link's token", async () => {
    window.history.replaceState(null, '', `/admin/reset#token=${TOKEN}`);
    server.on(consoleRoute('session'), refuse(401, 401, 'Unauthorized, please log in again'));
    server.on(consoleRoute('resetPassword'), ok(consoleRoute('resetPassword'), null));
    const { user } = renderConsole('/reset');
    const password = await screen.findByLabelText('New password');
    const again = screen.getByLabelText('The same password again');
    await user.type(password, 'too short');
    await user.type(again, 'too short');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('password: A password has at least 12 characters');
    expect(server.sentTo(consoleRoute('resetPassword'))).toEqual([]);

    await user.type(password, ' but longer now');
    await user.type(again, ' but longer now');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('Your password is changed. Every other session was signed out.')).toBeTruthy();
    expect(server.sentTo(consoleRoute('resetPassword')).map((r) => r.body)).toEqual([
      { token: TOKEN, password: 'too short but longer now' },
    ]);
  });
});
