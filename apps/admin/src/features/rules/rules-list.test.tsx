import { SETTINGS_VERSION_HEADER } from '@return-center/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute } from '../../test/fake-server';
import { openRules, staffSession, STORED } from '../../test/open-rules';
import { setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const checked = (name: string) => screen.getByRole('switch', { name }).getAttribute('aria-checked');

describe('the list of rules', () => {
  it('shows each rule in words, switches one off, moves another up by keyboard and saves that order', async () => {
    const { user, rules } = openRules(server);
    await screen.findByRole('switch', { name: 'Use “VIP first”' });
    expect(screen.getByText('When Collection is one of Sale: Deny the return of matching items')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save rules' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Use “Sale is final”' }));
    expect(checked('Use “Sale is final”')).toBe('false');
    expect(checked('Use “VIP first”')).toBe('true');

    screen.getByRole('button', { name: 'Move “VIP first” up' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('“VIP first” is now rule 1 of 2.')).toBeTruthy();
    // The focus stays with the moved rule: its "down" button, now that it is first.
    expect(document.activeElement?.textContent).toBe('Move “VIP first” down');
    const list = within(screen.getByRole('list', { name: 'Rules, read from the top' }));
    const names = list.getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent);
    expect(names).toEqual(['VIP first', 'Sale is final']);

    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Saved. Shoppers and the desk follow these rules now.')).toBeTruthy();
    expect(server.sentTo(merchantRoute('putRules'))[0]?.headers[SETTINGS_VERSION_HEADER]).toBe('"3"');
    expect(rules.current.version).toBe(4);
    expect(rules.current.rules.map((rule) => [rule.id, rule.enabled])).toEqual([
      ['vip', true],
      ['sale', false],
    ]);
  });

  it('says what each rule looks at and does, with the shop’s names and money', async () => {
    const serial = {
      id: 'serial',
      name: 'Serial returners',
      enabled: true,
      match: 'any' as const,
      conditions: [
        { field: 'history_returns' as const, op: 'gt' as const, value: 3, days: 90 },
        { field: 'solution' as const, op: 'in' as const, values: [5] },
      ],
      actions: [
        { type: 'restocking_fee' as const, mode: 'percent' as const, value: 10, per: 'item' as const, waive_for: [] },
        { type: 'flag' as const, reason: 'Returns a lot' },
        { type: 'require_photos' as const, min: 2 },
      ],
    };
    openRules(server, undefined, { ...STORED, rules: [serial] });
    expect(
      await screen.findByText(
        "When The shopper's returns is more than 3 in the last 90 days or Solution is one of Exchange: " +
          'Charge a restocking fee of 10% per matching item; Flag for review: Returns a lot; Require at least 2 photos',
      ),
    ).toBeTruthy();
  });

  it('moves a rule by dragging its handle onto another', async () => {
    const { user, rules } = openRules(server);
    await screen.findByRole('switch', { name: 'Use “VIP first”' });
    const item = (id: string) => document.querySelector<HTMLElement>(`[data-rule="${id}"]`);
    const handle = item('vip')?.querySelector('.drag-handle');
    if (!handle) throw new Error('no drag handle');
    const dataTransfer = { setData: () => undefined, effectAllowed: 'none' };
    fireEvent.dragStart(handle, { dataTransfer });
    fireEvent.dragOver(item('sale') as HTMLElement, { dataTransfer });
    fireEvent.drop(item('sale') as HTMLElement, { dataTransfer });
    expect(screen.getByText('“VIP first” is now rule 1 of 2.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await screen.findByText('Saved. Shoppers and the desk follow these rules now.');
    expect(rules.current.rules.map((rule) => rule.id)).toEqual(['vip', 'sale']);
  });

  it('removes a rule and saves the rest', async () => {
    const { user, rules } = openRules(server);
    await user.click(await screen.findByRole('button', { name: 'Remove “Sale is final”' }));
    expect(screen.queryByRole('switch', { name: 'Use “Sale is final”' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await screen.findByText('Saved. Shoppers and the desk follow these rules now.');
    expect(rules.current.rules.map((rule) => rule.id)).toEqual(['vip']);
  });

  it('asks before leaving unsaved changes, and stays when asked to', async () => {
    const { user, router } = openRules(server);
    await user.click(await screen.findByRole('switch', { name: 'Use “Sale is final”' }));
    await user.click(screen.getByRole('link', { name: 'Requests' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
    expect(dialog.getByText('Your changes to the rules are not saved yet. If you leave, they are lost.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/rules');
    expect(checked('Use “Sale is final”')).toBe('false');
  });

  it('shows staff the rules without a way to change them', async () => {
    openRules(server, staffSession);
    const toggle = await screen.findByRole('switch', { name: 'Use “Sale is final”' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText("Only the shop's owner can change the rules.")).toBeTruthy();
    for (const name of ['Save rules', 'Add a rule', 'Move “VIP first” up', 'Edit “VIP first”', 'Remove “VIP first”'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Emails/ }).readOnly).toBe(true);
  });
});
