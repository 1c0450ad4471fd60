import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRequest, signedIn } from '../../test/fixtures';
import { merchantRoute, ok } from '../../test/fake-server';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

describe("what the shop's rules said on a request", () => {
  it('shows staff why a request was flagged, its tags and the rules that decided it', async () => {
    signedIn(server);
    const flagged = merchantRequest({
      flags: [{ rule: 'Orders over $200 wait for review', reason: 'a large order' }],
      tags: ['vip', 'auto'],
      rules: ['Orders over $200 wait for review', 'Approve the rest'],
    });
    server.on(merchantRoute('get', 12), ok(merchantRoute('get', 12), flagged));
    renderConsole('/requests/12');
    expect(await screen.findByText('Flagged: a large order (rule: Orders over $200 wait for review)')).toBeTruthy();
    expect(screen.getByText('Tags: vip, auto')).toBeTruthy();
    expect(screen.getByText('Decided by the rules: Orders over $200 wait for review, Approve the rest')).toBeTruthy();
  });
});
