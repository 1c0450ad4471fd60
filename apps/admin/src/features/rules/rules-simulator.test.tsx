import { simulateBody } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../test/fake-rules';
import { merchantRoute, ok } from '../../test/fake-server';
import { openRules } from '../../test/open-rules';
import { setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const row = (figure: string) =>
  within(screen.getByRole('row', { name: new RegExp(`^${figure}`) }))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the simulator', () => {
  it('tries the unsaved draft on the latest requests and shows what would change, with the money', async () => {
    // The fake server decides each past request with the real evaluator: only the sale item (request 7) is denied.
    const { user } = openRules(server);
    await user.click(await screen.findByRole('switch', { name: 'Use “Sale is final”' }));
    await user.click(screen.getByRole('button', { name: 'Try the rules' }));

    expect(await screen.findByText('Of 4 requests, 1 would be decided differently.')).toBeTruthy();
    expect(row('Units allowed back')).toEqual(['4', '5']);
    expect(row('Units denied')).toEqual(['1', '0']);
    expect(row('Paid out')).toEqual(['$340.00', '$385.00']);
    expect(row('Fees')).toEqual(['$0.00', '$0.00']);
    expect(screen.getByText('Money paid out would change by $45.00.')).toBeTruthy();
    const example = screen.getByRole('link', { name: 'Request 7 (#1007)' });
    expect(example.getAttribute('href')).toBe('/requests/7');
    expect(example.parentElement?.textContent).toContain('units allowed 0 → 1, paid $0.00 → $45.00');

    const sent = simulateBody.parse(server.sentTo(merchantRoute('simulateRules'))[0]?.body);
    expect(sent.limit).toBe(1000);
    expect(sent.rules.rules.find((rule) => rule.id === 'sale')?.enabled).toBe(false);
    // Nothing was saved: trying is not saving.
    expect(server.sentTo(merchantRoute('putRules'))).toEqual([]);
  });

  it('says it is busy while the rules are tried, then how many requests were tried', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, rules } = openRules(server);
    server.on(merchantRoute('simulateRules'), async (request) => {
      await gate;
      const body = simulateBody.parse(request.body);
      return ok(merchantRoute('simulateRules'), simulate(rules.current, body.rules, body.limit));
    });
    const limit = await screen.findByLabelText('Latest requests to try (up to 10,000)');
    await user.clear(limit);
    await user.type(limit, '2');
    await user.click(screen.getByRole('button', { name: 'Try the rules' }));
    const section = screen.getByRole('region', { name: 'Try these rules' });
    expect(await within(section).findByText('Trying the rules on your requests…')).toBeTruthy();
    expect(section.getAttribute('aria-busy')).toBe('true');
    release();
    expect(await within(section).findByText('Of 2 requests, 0 would be decided differently.')).toBeTruthy();
    expect(section.getAttribute('aria-busy')).toBe('false');
  });

  it('refuses more than 10,000 requests beside the field, without asking the server', async () => {
    const { user } = openRules(server);
    const limit = await screen.findByLabelText('Latest requests to try (up to 10,000)');
    await user.clear(limit);
    await user.type(limit, '20000');
    await user.click(screen.getByRole('button', { name: 'Try the rules' }));
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(limit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a whole number from 1 to 10,000.',
    );
    expect(server.sentTo(merchantRoute('simulateRules'))).toEqual([]);
  });
});
