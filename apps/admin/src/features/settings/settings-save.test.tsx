import { Code, SETTINGS_VERSION_HEADER } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute, ok, refuse } from '../../test/fake-server';
import { settings, SETTINGS_VERSION, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const brandBox = () => screen.getByRole('checkbox', { name: 'Hide “Powered by Return Center”' });
const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

function openSettings() {
  signedIn(server);
  withSettings(server);
  return renderConsole('/settings');
}

describe('saving the settings', () => {
  it('saves the draft over the version it was read from', async () => {
    server.on(
      merchantRoute('putSettings'),
      ok(merchantRoute('putSettings'), { ...settings, is_remove_brand: 1 }, { etag: '"v2"' }),
    );
    const { user } = openSettings();
    await user.click(await screen.findByRole('checkbox', { name: 'Hide “Powered by Return Center”' }));
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');
    await user.click(saveButton());
    expect(await screen.findByText('Saved. Shoppers see these settings now.')).toBeTruthy();
    const [put] = server.sentTo(merchantRoute('putSettings'));
    expect(put?.headers[SETTINGS_VERSION_HEADER]).toBe(SETTINGS_VERSION);
    expect(put?.body).toMatchObject({ is_remove_brand: 1 });
  });

  it("keeps the merchant's edits when someone saved first, and loads their save only when asked", async () => {
    server.on(
      merchantRoute('putSettings'),
      refuse(412, Code.SettingsConflict, 'The settings were changed by someone else'),
    );
    const { user } = openSettings();
    await user.click(await screen.findByRole('checkbox', { name: 'Hide “Powered by Return Center”' }));
    await user.click(saveButton());

    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('Someone saved these settings after you opened them.')).toBeTruthy();
    expect(brandBox()).toHaveProperty('checked', true);
    expect(screen.getByRole('status').textContent).toBe('Unsaved changes');

    // Their save changed the return window; loading it drops the merchant's unsaved change.
    const theirs = { ...settings, return_setting: { ...settings.return_setting, return_window_days: 12 } };
    withSettings(server, theirs, '"v3"');
    await user.click(alert.getByRole('button', { name: 'Load their settings' }));
    await screen.findByDisplayValue('12');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(brandBox()).toHaveProperty('checked', false);

    server.on(merchantRoute('putSettings'), ok(merchantRoute('putSettings'), theirs, { etag: '"v4"' }));
    await user.click(brandBox());
    await user.click(saveButton());
    await screen.findByText('Saved. Shoppers see these settings now.');
    expect(server.sentTo(merchantRoute('putSettings')).map((put) => put.headers[SETTINGS_VERSION_HEADER])).toEqual([
      SETTINGS_VERSION,
      '"v3"',
    ]);
  });
});
