import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute, ok } from '../../test/fake-server';
import { settings, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const DAY = 86_400;

describe('retention settings (ADR 050)', () => {
  it("shows the last run's report and saves the number of days with the settings", async () => {
    server.on(merchantRoute('putSettings'), ok(merchantRoute('putSettings'), settings, { etag: '"v2"' }));
    signedIn(server);
    withSettings(server);
    const ranAt = Date.UTC(2026, 10, 26, 3, 0) / 1000;
    server.on(
      merchantRoute('getRetention'),
      ok(merchantRoute('getRetention'), {
        ran_at: ranAt,
        finished_at: ranAt + 5,
        days: 365,
        closed_before: ranAt - 365 * DAY,
        kinds: [
          { kind: 'requests', count: 3, oldest: ranAt - 400 * DAY },
          { kind: 'photos', count: 2, oldest: ranAt - 400 * DAY },
          { kind: 'mails', count: 0, oldest: null },
        ],
      }),
    );
    const { user } = renderConsole('/settings');
    const section = within(await screen.findByRole('region', { name: 'Retention' }));
    expect(await section.findByText("Requests' personal data: 3")).toBeTruthy();
    expect(section.getByText('Photos: 2')).toBeTruthy();
    expect(section.queryByText(/Emails/)).toBeNull();
    const days = section.getByRole('textbox', { name: 'Delete personal data after' });
    expect(days).toHaveProperty('value', '365');
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Saved. Shoppers see these settings now.');
    const [put] = server.sentTo(merchantRoute('putSettings'));
    expect(put?.body).toMatchObject({ retention: { days: 90 } });
  });
});
