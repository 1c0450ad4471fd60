import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute, ok } from '../../test/fake-server';
import { queueRow, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

describe('search, tag and assignee filters in the queue', () => {
  it('asks the server for the search and shows its counts on the tabs', async () => {
    signedIn(server);
    withSettings(server);
    server.on(merchantRoute('list'), (request) =>
      ok(
        merchantRoute('list'),
        request.query.q
          ? { items: [queueRow(31, 2, '#1041')], next_cursor: null, counts: { 2: 1 } }
          : { items: [queueRow(32, 1, '#1042'), queueRow(31, 2, '#1041')], next_cursor: null, counts: { 1: 1, 2: 1 } },
      ),
    );
    const { user } = renderConsole('/');
    const tabs = within(await screen.findByRole('navigation', { name: 'Requests by status' }));
    // The tab shows "All 0" until the list has come: wait for the count, not for the tab.
    await expect.poll(() => tabs.queryByRole('button', { name: /^All/ })?.textContent).toBe('All 2');
    await user.type(screen.getByRole('searchbox', { name: /RMA, product or SKU/ }), 'RMA-000031{Enter}');
    await expect.poll(() => tabs.getByRole('button', { name: /^All/ }).textContent).toBe('All 1');
    expect(tabs.getByRole('button', { name: /^Pending/ }).textContent).toMatch(/ 0$/);
    expect(server.sentTo(merchantRoute('list')).at(-1)?.query).toMatchObject({ q: 'RMA-000031' });
    const table = within(screen.getByRole('table', { name: 'Return requests, newest first' }));
    expect(table.getAllByRole('row')).toHaveLength(2);
  });

  it('filters by tag and by assignee: me, nobody or a member', async () => {
    signedIn(server);
    withSettings(server);
    server.on(
      merchantRoute('list'),
      ok(merchantRoute('list'), { items: [queueRow(31, 1, '#1041')], next_cursor: null, counts: { 1: 1 } }),
    );
    const { user } = renderConsole('/');
    const group = within(await screen.findByRole('group', { name: 'Tag and assignee' }));
    await user.type(group.getByRole('searchbox', { name: 'Tag' }), 'VIP{Enter}');
    await expect.poll(() => server.sentTo(merchantRoute('list')).at(-1)?.query.tag).toBe('vip');
    const assignee = group.getByRole('combobox', { name: 'Assigned to' });
    await user.selectOptions(assignee, 'Me');
    await expect.poll(() => server.sentTo(merchantRoute('list')).at(-1)?.query.assignee).toBe('me');
    await group.findByRole('option', { name: 'Sam Desk' });
    await user.selectOptions(assignee, 'Sam Desk');
    await expect
      .poll(() => server.sentTo(merchantRoute('list')).at(-1)?.query)
      .toMatchObject({ tag: 'vip', assignee: '7' });
    await user.selectOptions(assignee, 'Nobody');
    await expect.poll(() => server.sentTo(merchantRoute('list')).at(-1)?.query.assignee).toBe('none');
  });
});
