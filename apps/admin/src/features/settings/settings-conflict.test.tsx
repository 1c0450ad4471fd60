import { Code, SETTINGS_VERSION_HEADER, type SettingsConflict } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute, ok, refuse } from '../../test/fake-server';
import { settings, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const NOTE = 'Note under the button (order number tab)';

/** Bob saved in the console after this page read the settings: a note, the return window and the return fee. */
const theirs = {
  ...settings,
  text: { ...settings.text, order_bottom_description: 'Bob’s note' },
  return_setting: { ...settings.return_setting, return_window_days: 14, return_fee: 250 },
};
const conflict: SettingsConflict = {
  saved_by: { kind: 'staff', email: 'bob@shop.example' },
  saved_at: Date.parse('2026-03-10T14:05:00Z') / 1000,
  version: 7,
  settings: theirs,
};

describe('a settings conflict, field by field', () => {
  it('says who saved and what they changed, and saves mine or theirs per field over their version', async () => {
    signedIn(server);
    withSettings(server);
    server.on(merchantRoute('putSettings'), refuse(412, Code.SettingsConflict, 'Someone saved', conflict));
    const { user } = renderConsole('/settings');
    // I change the note and the return window too, and hide the brand, which Bob left alone.
    await user.clear(await screen.findByRole('textbox', { name: NOTE }));
    await user.type(screen.getByRole('textbox', { name: NOTE }), 'My note');
    const window = screen.getByRole('textbox', { name: /^Return window/ });
    await user.clear(window);
    await user.type(window, '21');
    await user.click(screen.getByRole('checkbox', { name: 'Hide “Powered by Return Center”' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText(/^bob@shop\.example saved them in the console at /)).toBeTruthy();
    expect(alert.getByText('They changed 3 fields:')).toBeTruthy();
    const field = (path: string) => within(alert.getByRole('group', { name: path }));
    expect(field('text.order_bottom_description').getByText('Bob’s note')).toBeTruthy();
    expect(field('text.order_bottom_description').getByText('My note')).toBeTruthy();
    expect(field('return_setting.return_window_days').getByText('21')).toBeTruthy();
    // The fee only Bob changed: his value stays, with nothing to choose.
    expect(
      field('return_setting.return_fee').getByText('You did not change this field: their value stays.'),
    ).toBeTruthy();
    expect(field('return_setting.return_fee').queryByRole('radio')).toBeNull();
    expect(field('text.order_bottom_description').getByRole('radio', { name: 'Keep mine' })).toHaveProperty(
      'checked',
      true,
    );

    server.on(merchantRoute('putSettings'), (request) =>
      ok(merchantRoute('putSettings'), request.body as typeof settings, { etag: '"8"' }),
    );
    await user.click(field('return_setting.return_window_days').getByRole('radio', { name: 'Take theirs' }));
    await user.click(alert.getByRole('button', { name: 'Save with these choices' }));
    expect(await screen.findByText('Saved. Shoppers see these settings now.')).toBeTruthy();

    const [, put] = server.sentTo(merchantRoute('putSettings'));
    expect(put?.headers[SETTINGS_VERSION_HEADER]).toBe('"7"');
    expect(put?.body).toMatchObject({
      is_remove_brand: 1,
      text: { order_bottom_description: 'My note' },
      return_setting: { return_window_days: 14, return_fee: 250 },
    });
    expect(screen.getByRole('textbox', { name: NOTE })).toHaveProperty('value', 'My note');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
