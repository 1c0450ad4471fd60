import { SETTINGS_VERSION_HEADER } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute } from '../../test/fake-server';
import { denyCollection, openRules, STORED } from '../../test/open-rules';
import { setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const CONFLICT = 'Someone saved these rules after you opened them: reload to see their changes, then make yours again.';

describe('saving over the version read', () => {
  it('keeps the draft when someone saved first, and loads theirs only when asked', async () => {
    const { user, rules } = openRules(server);
    await user.click(await screen.findByRole('switch', { name: 'Use “Sale is final”' }));
    await user.type(screen.getByRole('textbox', { name: /^Emails/ }), 'fraud@example.com');
    rules.someoneSaves({ ...STORED, rules: [denyCollection('theirs', 'Their rule', 'Outlet')] });

    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText(CONFLICT)).toBeTruthy();
    // Nothing of theirs was overwritten, and nothing of the draft is lost.
    expect(rules.current.rules.map((rule) => rule.id)).toEqual(['theirs']);
    expect(screen.getByRole('switch', { name: 'Use “Sale is final”' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Emails/ }).value).toBe('fraud@example.com');

    await user.click(alert.getByRole('button', { name: 'Load their rules' }));
    expect(await screen.findByRole('switch', { name: 'Use “Their rule”' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Use “Sale is final”' })).toBeNull();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Emails/ }).value).toBe('');

    // Made again over their version, the change saves.
    await user.click(screen.getByRole('switch', { name: 'Use “Their rule”' }));
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await screen.findByText('Saved. Shoppers and the desk follow these rules now.');
    expect(server.sentTo(merchantRoute('putRules')).map((put) => put.headers[SETTINGS_VERSION_HEADER])).toEqual([
      '"3"',
      '"4"',
    ]);
    expect(rules.current.rules[0]?.enabled).toBe(false);
  });
});
