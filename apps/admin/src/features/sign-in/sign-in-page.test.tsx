import { Code, messages } from '@return-center/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { consoleRoute, ok, refuse, type Reply } from '../../test/fake-server';
import { ownerSession } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

/** Signed out: the session call answers 401, and signing in answers `answers` one after the other. */
function signInPage(...answers: Reply[]) {
  server.on(consoleRoute('session'), refuse(401, 401, 'Unauthorized, please log in again'));
  server.on(consoleRoute('signIn'), () => answers.shift() ?? refuse(500, 500, 'no more answers'));
  return renderConsole('/sign-in?next=%2Faccount');
}

async function signIn(user: ReturnType<typeof renderConsole>['user'], password = 'correct horse battery') {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'owner@trail.example');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in', () => {
  it('says so when the email or password is wrong, and stays on the page', async () => {
    const { user, router } = signInPage(refuse(200, Code.SignInFailed, 'Wrong email or password'));
    await signIn(user, 'wrong password!');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong email or password');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(server.sentTo(consoleRoute('signIn')).map((r) => r.body)).toEqual([
      { email: 'owner@trail.example', password: 'wrong password!' },
    ]);
  });

  it('asks for the authenticator code when the account has one, then goes where the merchant was headed', async () => {
    const { user, router } = signInPage(
      refuse(200, Code.SecondFactorRequired, 'Enter the 6-digit code from your authenticator app'),
      ok(consoleRoute('signIn'), ownerSession),
    );
    await signIn(user);
    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
    expect(server.sentTo(consoleRoute('signIn')).at(-1)?.body).toEqual({
      email: 'owner@trail.example',
      password: 'correct horse battery',
      totp: '123456',
    });
  });

  it('passes on the limit on attempts, and a server it cannot reach', async () => {
    const { user } = signInPage(refuse(429, Code.RateLimited, messages.tooManyAttempts));
    await signIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.tooManyAttempts);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expect
      .poll(() => screen.getByRole('alert').textContent)
      .toBe('The server could not be reached: check your connection and try again');
  });
});
