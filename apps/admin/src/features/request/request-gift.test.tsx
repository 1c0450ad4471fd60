import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRequest, signedIn } from '../../test/fixtures';
import { merchantRoute, ok } from '../../test/fake-server';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const ID = 32;

function openRequest(request = merchantRequest()) {
  signedIn(server);
  server.on(merchantRoute('get', ID), ok(merchantRoute('get', ID), request));
  return renderConsole(`/requests/${String(ID)}`);
}

describe('a gift return on its request page (ADR 044)', () => {
  it('is marked as a gift, with the recipient its credit goes to beside the buyer', async () => {
    openRequest(merchantRequest({ gift_email: 'gina@example.com' }));
    expect(await screen.findByText('Gift return')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'gina@example.com' }).getAttribute('href')).toBe('mailto:gina@example.com');
    expect(screen.getByRole('link', { name: 'sam@example.com' })).toBeTruthy();
  });

  it('says nothing of gifts on the buyer’s own return', async () => {
    openRequest();
    expect(await screen.findByRole('link', { name: 'sam@example.com' })).toBeTruthy();
    expect(screen.queryByText('Gift return')).toBeNull();
  });
});
