import {
  Code,
  ruleSetBody,
  SETTINGS_VERSION_HEADER,
  simulateBody,
  type ReturnRule,
  type RuleSetBody,
} from '@return-center/contract';
import { evaluateRules } from '@return-center/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute, ok, refuse } from '../../test/fake-server';
import { ownerSession, signedIn, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const rule = (id: string, name: string): ReturnRule => ({
  id,
  name,
  enabled: true,
  match: 'all',
  conditions: [{ field: 'collection', op: 'in', values: ['Sale'] }],
  actions: [{ type: 'deny', message: { text: '', translations: {} } }],
});
const stored = { rules: [rule('sale', 'Sale is final'), rule('vip', 'VIP first')], lists: ruleSetBody.parse({}).lists };

function openRules(session = ownerSession) {
  signedIn(server, session);
  withSettings(server);
  server.on(merchantRoute('getRules'), ok(merchantRoute('getRules'), { version: 3, ...stored }, { etag: '"3"' }));
  return renderConsole('/rules');
}

/** The server's answer to a save: the body it was sent, as the contract reads it, at the next version. */
const savedAs = (version: number) => (request: { body: unknown }) =>
  ok(merchantRoute('putRules'), { version, ...ruleSetBody.parse(request.body) }, { etag: `"${String(version)}"` });

describe('the Rules page', () => {
  it('switches a rule off and moves another up by keyboard, then saves them over the version it read', async () => {
    server.on(merchantRoute('putRules'), savedAs(4));
    const { user } = openRules();
    const vip = await screen.findByRole('switch', { name: 'Use “VIP first”' });
    await user.click(screen.getByRole('switch', { name: 'Use “Sale is final”' }));
    expect(screen.getByRole('switch', { name: 'Use “Sale is final”' }).getAttribute('aria-checked')).toBe('false');
    expect(vip.getAttribute('aria-checked')).toBe('true');

    screen.getByRole('button', { name: 'Move “VIP first” up' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('“VIP first” is now rule 1 of 2.')).toBeTruthy();
    // The focus stays with the moved rule: its "down" button, now that it is first.
    expect(document.activeElement?.textContent).toBe('Move “VIP first” down');

    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('Saved. Shoppers and the desk follow these rules now.')).toBeTruthy();
    const [put] = server.sentTo(merchantRoute('putRules'));
    expect(put?.headers[SETTINGS_VERSION_HEADER]).toBe('"3"');
    const body = put?.body as RuleSetBody;
    expect(body.rules.map((r) => [r.id, r.enabled])).toEqual([
      ['vip', true],
      ['sale', false],
    ]);
  });

  it('writes a rule with form controls, says what is wrong beside the field, and keeps what was typed', async () => {
    server.on(merchantRoute('putRules'), savedAs(4));
    const { user } = openRules();
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const editor = within(screen.getByRole('region', { name: 'Rule' }));
    await user.click(editor.getByRole('button', { name: 'Add a condition' }));
    await user.selectOptions(editor.getByLabelText('Looks at'), 'order_value');
    await user.clear(editor.getByLabelText('Value'));
    await user.type(editor.getByLabelText('Value'), '200');
    await user.selectOptions(editor.getByLabelText('Does'), 'return_shipping_fee');
    await user.click(editor.getByRole('button', { name: 'Done' }));
    // No name yet: refused by the contract's schema, beside the field, and the rest kept.
    expect((await screen.findByRole('alert')).textContent).toBe('Fix the fields marked below.');
    const name = editor.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(editor.getByLabelText<HTMLInputElement>('Value').value).toBe('200');

    await user.type(name, 'Big orders pay the label');
    await user.click(editor.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('When Order value is more than 200.00: Charge a return shipping fee')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    await screen.findByText('Saved. Shoppers and the desk follow these rules now.');
    const body = server.sentTo(merchantRoute('putRules'))[0]?.body as RuleSetBody;
    expect(body.rules[2]).toMatchObject({
      name: 'Big orders pay the label',
      conditions: [{ field: 'order_value', op: 'gt', value: 20000 }],
      actions: [{ type: 'return_shipping_fee', amount: 500, waive_for: [] }],
    });
  });

  it('tries the unsaved draft on past requests and shows what would change', async () => {
    // The fake server decides with the real evaluator, as the server does, over two past requests.
    server.on(merchantRoute('simulateRules'), (request) => {
      const { rules } = simulateBody.parse(request.body);
      const facts = (collection: string) => ({
        now: 1,
        order: {
          number: '1',
          email: 'a@b.c',
          createdAt: 0,
          deliveredAt: null,
          value: 1000,
          tags: [],
          discountCodes: [],
        },
        items: [
          {
            lineId: 1,
            price: 1000,
            quantity: 1,
            productType: '',
            tags: [],
            collections: [collection],
            sku: '',
            vendor: '',
          },
        ],
        shopper: { requests: [], orders: 1, ordersWithReturn: 0 },
        lists: rules.lists,
      });
      const denied = ['Sale', 'Tops'].filter(
        (c) =>
          evaluateRules(rules.rules, {
            ...facts(c),
            order: { ...facts(c).order, country: 'US', region: '', address: '' },
          }).items[0]?.denied,
      );
      const outcome = (units: number) => ({
        allowed_units: 1 - units,
        denied_units: units,
        fees: 0,
        total: units ? 0 : 1000,
        review: 'person' as const,
        flagged: false,
        blocked: false,
        rules: [],
      });
      return ok(merchantRoute('simulateRules'), {
        requests: 2,
        changed: denied.length,
        before: {
          allowed_units: 2,
          denied_units: 0,
          auto_approved: 0,
          auto_rejected: 0,
          flagged: 0,
          blocked: 0,
          fees: 0,
          total: 2000,
        },
        after: {
          allowed_units: 2 - denied.length,
          denied_units: denied.length,
          auto_approved: 0,
          auto_rejected: 0,
          flagged: 0,
          blocked: 0,
          fees: 0,
          total: 2000 - 1000 * denied.length,
        },
        money_difference: -1000 * denied.length,
        currency: 'USD',
        examples: denied.map((_, index) => ({
          request_id: 7 + index,
          order_no: '#1007',
          before: outcome(0),
          after: outcome(1),
        })),
      });
    });
    const { user } = openRules();
    await user.click(await screen.findByRole('button', { name: 'Try the rules' }));
    expect(await screen.findByText('Of 2 requests, 1 would be decided differently.')).toBeTruthy();
    expect(screen.getByText('Money paid out would change by -$10.00.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request 7 (#1007)' }).getAttribute('href')).toBe('/requests/7');
    expect(simulateBody.parse(server.sentTo(merchantRoute('simulateRules'))[0]?.body).limit).toBe(1000);
  });

  it('keeps the draft when someone saved first, and loads theirs only when asked', async () => {
    server.on(merchantRoute('putRules'), refuse(412, Code.SettingsConflict, 'stale'));
    const { user } = openRules();
    await user.click(await screen.findByRole('switch', { name: 'Use “Sale is final”' }));
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    const alert = within(await screen.findByRole('alert'));
    expect(
      alert.getByText(
        'Someone saved these rules after you opened them: reload to see their changes, then make yours again.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Use “Sale is final”' }).getAttribute('aria-checked')).toBe('false');
    server.on(
      merchantRoute('getRules'),
      ok(
        merchantRoute('getRules'),
        { version: 5, rules: [rule('theirs', 'Their rule')], lists: stored.lists },
        { etag: '"5"' },
      ),
    );
    await user.click(alert.getByRole('button', { name: 'Load their rules' }));
    expect(await screen.findByRole('switch', { name: 'Use “Their rule”' })).toBeTruthy();
  });

  it('shows staff the rules without a way to change them', async () => {
    openRules({ ...ownerSession, account: { ...ownerSession.account, role: 'staff' } });
    const toggle = await screen.findByRole('switch', { name: 'Use “Sale is final”' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText("Only the shop's owner can change the rules.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save rules' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a rule' })).toBeNull();
  });
});
