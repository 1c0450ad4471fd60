import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openRules } from '../../test/open-rules';
import { setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const SAVED = 'Saved. Shoppers and the desk follow these rules now.';
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')
    .trim();

describe('the rule editor', () => {
  it('writes a rule with form controls, says what is wrong beside the field, and keeps what was typed', async () => {
    const { user, rules } = openRules(server);
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const editor = within(screen.getByRole('region', { name: 'Rule' }));
    await user.click(editor.getByRole('button', { name: 'Add a condition' }));
    await user.selectOptions(editor.getByLabelText('Looks at'), 'order_value');
    const value = editor.getByLabelText('Value');
    // Money is typed in the shop's currency, as decimals.
    expect(describedBy(value)).toBe('In USD, e.g. 12.50');
    await user.clear(value);
    await user.type(value, '200');
    await user.selectOptions(editor.getByLabelText('Does'), 'return_shipping_fee');
    await user.click(editor.getByRole('checkbox', { name: 'Exchanges' }));
    await user.click(editor.getByRole('button', { name: 'Done' }));

    // No name yet: refused by the contract's schema, beside the field, and the rest kept.
    expect((await screen.findByRole('alert')).textContent).toBe('Fix the fields marked below.');
    const name = editor.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toBe('Required');
    expect(editor.getByLabelText<HTMLInputElement>('Value').value).toBe('200');
    expect(editor.getByRole<HTMLInputElement>('checkbox', { name: 'Exchanges' }).checked).toBe(true);

    await user.type(name, 'Big orders pay the label');
    await user.click(editor.getByRole('button', { name: 'Done' }));
    expect(
      await screen.findByText(
        'When Order value is more than $200.00: Charge a return shipping fee of $5.00, waived for exchanges',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await screen.findByText(SAVED);
    expect(rules.current.rules[2]).toMatchObject({
      name: 'Big orders pay the label',
      conditions: [{ field: 'order_value', op: 'gt', value: 20000 }],
      actions: [{ type: 'return_shipping_fee', amount: 500, waive_for: ['exchange'] }],
    });
  });

  it('edits a denial message with its version in each of the shop’s languages', async () => {
    const { user, rules } = openRules(server);
    await user.click(await screen.findByRole('button', { name: 'Edit “Sale is final”' }));
    const editor = within(screen.getByRole('region', { name: 'Rule' }));
    expect(document.activeElement).toBe(editor.getByRole('heading', { name: 'Rule' }));
    await user.type(editor.getByLabelText(/^Text/), 'Sale items are final.');
    await user.type(editor.getByLabelText('Français (fr)'), 'Les soldes sont définitifs.');
    // Only the shop's languages are offered: this shop has English and French.
    expect(editor.queryByLabelText('Deutsch (de)')).toBeNull();
    await user.click(editor.getByRole('button', { name: 'Done' }));
    // The focus goes back where the merchant left the list.
    expect(document.activeElement?.textContent).toBe('Edit “Sale is final”');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await screen.findByText(SAVED);
    expect(rules.current.rules[0]?.actions).toEqual([
      { type: 'deny', message: { text: 'Sale items are final.', translations: { fr: 'Les soldes sont définitifs.' } } },
    ]);
  });

  it('says in plain words what each field needs, beside it', async () => {
    const { user } = openRules(server);
    await user.click(await screen.findByRole('button', { name: 'Edit “VIP first”' }));
    const editor = within(screen.getByRole('region', { name: 'Rule' }));
    await user.click(editor.getByRole('button', { name: 'Add a condition' }));
    await user.selectOptions(editor.getAllByLabelText('Looks at')[1] as HTMLElement, 'item_price');
    await user.type(editor.getByLabelText('Value'), 'abc');
    await user.selectOptions(editor.getByLabelText('Does'), 'window');
    const days = editor.getByLabelText('Days from the order');
    await user.clear(days);
    await user.type(days, '45');
    await user.click(editor.getByRole('button', { name: 'Done' }));
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(days)).toBe('1 to 30 days At most 30');
    expect(describedBy(editor.getByLabelText('Value'))).toBe('In USD, e.g. 12.50 Enter a number');

    await user.clear(days);
    await user.type(days, '14');
    await user.clear(editor.getByLabelText('Value'));
    await user.type(editor.getByLabelText('Value'), '19.99');
    await user.click(editor.getByRole('button', { name: 'Done' }));
    expect(
      await screen.findByText(
        'When Collection is one of VIP and Item price is more than $19.99: Set the return window to 14 days',
      ),
    ).toBeTruthy();
  });

  it('names the field of a check the contract makes across fields', async () => {
    const { user } = openRules(server);
    await user.click(await screen.findByRole('button', { name: 'Edit “VIP first”' }));
    const editor = within(screen.getByRole('region', { name: 'Rule' }));
    await user.selectOptions(editor.getByLabelText('Does'), 'restocking_fee');
    const percent = editor.getByLabelText('Percent');
    await user.clear(percent);
    await user.type(percent, '120');
    await user.click(editor.getByRole('button', { name: 'Done' }));
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(percent)).toBe('A percentage is at most 100');
  });
});
