import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleRoute, ok } from '../../test/fake-server';
import { signedIn } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const day = (text: string) => Date.parse(`${text}T00:00:00Z`) / 1000;

/** The charts' figures for whatever range is asked: one request on its first day. */
function answerAnalytics() {
  server.on(consoleRoute('analytics'), (request) => {
    const from = Number(request.query.from);
    const to = Number(request.query.to);
    return ok(consoleRoute('analytics'), {
      from,
      to,
      requests_per_day: [{ day: new Date(from * 1000).toISOString().slice(0, 10), count: 1 }],
      top_reasons: [{ reason: 'Too small', count: 1 }],
      return_rate: [],
      outcome_split: [{ outcome: 'money_back', count: 1 }],
      median_seconds_to_refund: 2 * 86_400,
    });
  });
}

const asked = () => server.sentTo(consoleRoute('analytics')).map((r) => [Number(r.query.from), Number(r.query.to)]);

describe('the analytics range', () => {
  beforeEach(() => {
    // Only the clock: the page's "today" is 2026-03-10, 15:00 UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T15:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the last 30 UTC days by default, today included, and shows the figures', async () => {
    signedIn(server);
    answerAnalytics();
    renderConsole('/analytics');
    expect(await screen.findByText('2 days')).toBeTruthy();
    expect(asked()).toEqual([[day('2026-02-09'), day('2026-03-11') - 1]]);
  });

  it('asks for custom dates from the address, and refuses a range the server would refuse without asking', async () => {
    signedIn(server);
    answerAnalytics();
    renderConsole('/analytics?range=custom&from=2025-01-01&to=2026-02-04');
    await screen.findByText('2 days');
    // 400 days, the most the server answers.
    expect(asked()).toEqual([[day('2025-01-01'), day('2026-02-05') - 1]]);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-05' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a range of at most 400 days.');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-12-31' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'The range must start before it ends: choose a “From” date no later than the “To” date.',
    );
    expect(screen.queryByText('2 days')).toBeNull();
    expect(asked()).toHaveLength(1);
  });
});
