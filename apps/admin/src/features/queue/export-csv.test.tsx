import { merchantPath } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleRoute, merchantRoute, ok } from '../../test/fake-server';
import { queueRow, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

describe("the queue's export", () => {
  it("downloads the server's CSV files of the queue's filters, without its paging, and names each card's values", async () => {
    signedIn(server);
    withSettings(server);
    server.on(consoleRoute('requestCounts'), ok(consoleRoute('requestCounts'), { 2: 1 }));
    server.on(
      merchantRoute('list'),
      ok(merchantRoute('list'), { items: [queueRow(31, 2, '#1041')], next_cursor: null }),
    );
    renderConsole('/?status=2&q=alice&reason=5');
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://console.test');
    expect(href.pathname).toBe(merchantPath('exportRequests'));
    expect(Object.fromEntries(href.searchParams)).toEqual({ status: '2', q: 'alice', reason: '5' });
    expect(link.hasAttribute('download')).toBe(true);
    // The accountant's reconciliation of the same filters' exchanges, one row per exchange (ADR 049).
    const reconciliation = screen.getByRole('link', { name: 'Exchange reconciliation (CSV)' });
    const its = new URL(reconciliation.getAttribute('href') ?? '', 'http://console.test');
    expect(its.pathname).toBe(merchantPath('exportReconciliation'));
    expect(Object.fromEntries(its.searchParams)).toEqual({ status: '2', q: 'alice', reason: '5' });
    expect(reconciliation.hasAttribute('download')).toBe(true);

    // On a phone each row is a card: every value carries its column's name.
    const table = within(await screen.findByRole('table', { name: 'Return requests, newest first' }));
    const [row] = table.getAllByRole('row').slice(1);
    const labels = within(row as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.dataset.label);
    expect(labels).toEqual([
      'Pick',
      'Order',
      'Email',
      'Status',
      'Solution',
      'Method',
      'Refund',
      'Requested',
      'Refund by',
    ]);
  });
});
