import { screen, within } from '@testing-library/react';
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

  it('names the rule that acted on the timeline, and says nothing of rules where none spoke', async () => {
    signedIn(server);
    const approvedByRule = merchantRequest({
      status: 2,
      events: [
        {
          actor: 'rule: Approve the rest',
          action: 'approve',
          from_status: 1,
          to_status: 2,
          note: '',
          at: 1_760_000_060,
        },
      ],
    });
    server.on(merchantRoute('get', 12), ok(merchantRoute('get', 12), approvedByRule));
    renderConsole('/requests/12');
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('rule: Approve the rest')).toBeTruthy();
    expect(screen.queryByText(/^Flagged:|^Tags:|^Decided by the rules/)).toBeNull();
  });
});
