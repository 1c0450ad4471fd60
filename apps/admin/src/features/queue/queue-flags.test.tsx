import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleRoute, merchantRoute, ok } from '../../test/fake-server';
import { queueRow, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

describe('flags in the queue', () => {
  it('marks a request a rule flagged, saying why, and leaves the others plain', async () => {
    signedIn(server);
    withSettings(server);
    server.on(consoleRoute('requestCounts'), ok(consoleRoute('requestCounts'), { 1: 2 }));
    const flagged = { ...queueRow(32, 1, '#1042'), flags: [{ rule: 'Orders over $200', reason: 'a large order' }] };
    server.on(
      merchantRoute('list'),
      ok(merchantRoute('list'), { items: [flagged, queueRow(31, 1, '#1041')], next_cursor: null }),
    );
    renderConsole('/');
    const table = within(await screen.findByRole('table', { name: 'Return requests, newest first' }));
    const [first, second] = table.getAllByRole('row').slice(1);
    expect(within(first as HTMLElement).getByRole('img', { name: 'Flagged: a large order' })).toBeTruthy();
    expect(within(second as HTMLElement).queryByRole('img')).toBeNull();
  });
});
