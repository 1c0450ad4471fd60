import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute, ok } from '../../test/fake-server';
import { settings, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

describe('gift returns settings (ADR 044)', () => {
  it('switches gift returns off, narrows their solutions and tells the buyer, saved with the settings', async () => {
    server.on(merchantRoute('putSettings'), ok(merchantRoute('putSettings'), settings, { etag: '"v2"' }));
    signedIn(server);
    withSettings(server);
    const { user } = renderConsole('/settings');
    const section = within(await screen.findByRole('region', { name: 'Gift returns' }));
    expect(section.getByRole('checkbox', { name: 'Take gift returns' })).toHaveProperty('checked', true);
    await user.click(section.getByRole('checkbox', { name: 'Take gift returns' }));
    const solutions = within(section.getByRole('group', { name: 'Solutions a gift return may choose' }));
    await user.click(solutions.getByRole('checkbox', { name: 'Exchange' }));
    await user.click(section.getByRole('checkbox', { name: 'Tell the buyer what was returned' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Saved. Shoppers see these settings now.');
    const [put] = server.sentTo(merchantRoute('putSettings'));
    expect(put?.body).toMatchObject({ gift_returns: { enabled: false, solutions: [2, 4], tell_buyer: true } });
  });
});
