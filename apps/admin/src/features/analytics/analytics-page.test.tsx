import { fireEvent, screen, within } from '@testing-library/react';
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
      money: {
        currency: 'EUR',
        period: 'week',
        periods: [
          { start: '2026-02-09', refunded: 4250, credited: 0, exchanged: 0, fees: 300 },
          { start: '2026-02-16', refunded: 0, credited: 1999, exchanged: 5000, fees: 0 },
        ],
        totals: { refunded: 4250, credited: 1999, exchanged: 5000, fees: 300 },
        other_currency: 2,
      },
      reasons_by_product: [
        {
          product: 'Linen Shirt',
          returned: 3,
          reasons: [
            { reason: 'Too small', count: 2 },
            { reason: 'Damaged', count: 1 },
          ],
        },
      ],
    });
  });
}

const asked = () => server.sentTo(consoleRoute('analytics')).map((r) => [Number(r.query.from), Number(r.query.to)]);

describe('the analytics money', () => {
  it("shows the range's money in the shop's currency, per period as a table, and the reasons by product", async () => {
    signedIn(server);
    answerAnalytics();
    renderConsole('/analytics');
    const totals = await screen.findByRole('region', { name: 'Money in the range (EUR)' });
    const figure = (term: string) => within(totals).getByText(term).nextElementSibling?.textContent;
    const euros = (amount: string) =>
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(Number(amount));
    expect(figure('Refunded')).toBe(euros('42.50'));
    expect(figure('Store credit')).toBe(euros('19.99'));
    expect(figure('Exchanged')).toBe(euros('50.00'));
    expect(figure('Fees kept')).toBe(euros('3.00'));
    expect(within(totals).getByText('2 requests in other currencies are not in these totals.')).toBeTruthy();

    const chart = screen.getByRole('region', { name: 'Money per period' });
    const rows = within(within(chart).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Period', 'Refunded', 'Store credit', 'Exchanged', 'Fees kept'],
      [expect.stringMatching(/^Week of /), euros('42.50'), euros('0'), euros('0'), euros('3.00')],
      [expect.stringMatching(/^Week of /), euros('0'), euros('19.99'), euros('50.00'), euros('0')],
    ]);
    expect(within(chart).getByRole('img').getAttribute('aria-label')).toContain(`Refunded ${euros('42.50')}`);

    const byProduct = screen.getByRole('region', { name: 'Reasons by product' });
    const shirt = within(byProduct).getByRole('row', { name: /Linen Shirt/ });
    expect(
      within(shirt)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Too small: 2 units', 'Damaged: 1 unit']);
  });
});

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
