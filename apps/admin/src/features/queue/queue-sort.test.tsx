import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleRoute, merchantRoute, ok, type SeenRequest } from '../../test/fake-server';
import { queueRow, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

const DECLARED = 1_760_000_000;
const withdrawal = { declared_at: DECLARED, refund_by: DECLARED + 14 * 86_400 };

/** The server's order for the query: withdrawals first when asked, else newest first (the rows are the server's). */
function openQueue(url: string) {
  signedIn(server);
  withSettings(server);
  server.on(consoleRoute('requestCounts'), ok(consoleRoute('requestCounts'), { 1: 2 }));
  const newest = queueRow(32, 1, '#1042');
  const withdrawn = { ...queueRow(31, 1, '#1041'), withdrawal };
  server.on(merchantRoute('list'), (request: SeenRequest) =>
    ok(merchantRoute('list'), {
      items: request.query.sort === 'refund_deadline' ? [withdrawn, newest] : [newest, withdrawn],
      next_cursor: null,
    }),
  );
  return renderConsole(url);
}

const orders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]?.textContent);

describe('the queue by refund deadline', () => {
  it('asks the server for the deadline order from the "Refund by" header, and back', async () => {
    const { user, router } = openQueue('/');
    const table = await screen.findByRole('table', { name: 'Return requests, newest first' });
    expect(orders(table)).toEqual(['#1042', '#1041']);
    await user.click(within(table).getByRole('button', { name: /Refund by/ }));
    const sorted = await screen.findByRole('table', {
      name: 'Return requests, withdrawals due first by refund deadline',
    });
    expect(
      within(sorted)
        .getByRole('columnheader', { name: /Refund by/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
    await expect.poll(() => orders(sorted)).toEqual(['#1041', '#1042']);
    expect(server.sentTo(merchantRoute('list')).at(-1)?.query.sort).toBe('refund_deadline');
    expect(router.state.location.search).toContain('sort=refund_deadline');

    await user.click(within(sorted).getByRole('button', { name: /Refund by/ }));
    await screen.findByRole('table', { name: 'Return requests, newest first' });
    expect(router.state.location.search).not.toContain('sort');
  });

  it('gives a phone’s cards the same order from a labelled choice, kept in the address', async () => {
    const { user, router } = openQueue('/?sort=refund_deadline');
    const table = await screen.findByRole('table', {
      name: 'Return requests, withdrawals due first by refund deadline',
    });
    await expect.poll(() => orders(table)).toEqual(['#1041', '#1042']);
    expect(server.sentTo(merchantRoute('list'))[0]?.query.sort).toBe('refund_deadline');
    const choice = screen.getByRole('combobox', { name: 'Sort' });
    expect((choice as HTMLSelectElement).value).toBe('refund_deadline');
    await user.selectOptions(choice, 'Newest first');
    await screen.findByRole('table', { name: 'Return requests, newest first' });
    expect(server.sentTo(merchantRoute('list')).at(-1)?.query.sort).toBeUndefined();
    expect(router.state.location.search).not.toContain('sort');
  });
});
