import type { ConsoleLocale } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../shared/i18n';
import { consoleRoute, merchantRoute, ok, type SeenRequest } from '../../test/fake-server';
import { ownerSession, queueRow, withSettings } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();

/** A signed-in owner whose language the server keeps, as the setLanguage call changes it. */
function signedInSpeaking(language: ConsoleLocale | null) {
  let current = language;
  const saved: unknown[] = [];
  server.on(consoleRoute('session'), () =>
    ok(consoleRoute('session'), { ...ownerSession, account: { ...ownerSession.account, language: current } }),
  );
  server.on(consoleRoute('setLanguage'), (request: SeenRequest) => {
    saved.push(request.body);
    current = (request.body as { language: ConsoleLocale }).language;
    return ok(consoleRoute('setLanguage'), null);
  });
  withSettings(server);
  server.on(consoleRoute('requestCounts'), ok(consoleRoute('requestCounts'), { 1: 1 }));
  server.on(
    merchantRoute('list'),
    ok(merchantRoute('list'), { items: [queueRow(31, 1, '#1041')], next_cursor: null, counts: { 1: 1 } }),
  );
  server.on(merchantRoute('assignees'), ok(merchantRoute('assignees'), []));
  return saved;
}

describe('the console in the member’s language', () => {
  afterEach(() => applyLanguage('en'));

  it('switches to German from the Account page: the queue, its money and dates follow', async () => {
    const saved = signedInSpeaking(null);
    const { user } = renderConsole('/account');
    const select = await screen.findByRole('combobox', { name: 'Console language' });
    expect((select as HTMLSelectElement).value).toBe('en');

    await user.selectOptions(select, 'Deutsch');
    expect(await screen.findByRole('heading', { name: 'Ihr Konto' })).toBeTruthy();
    expect(saved).toEqual([{ language: 'de' }]);
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');

    await user.click(screen.getByRole('link', { name: 'Anfragen' }));
    const table = within(await screen.findByRole('table', { name: 'Retourenanfragen, neueste zuerst' }));
    const row = table.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText(/45,00\s\$/)).toBeTruthy();
    expect(within(row).getByText(/09\.10\.2025/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'CSV exportieren' })).toBeTruthy();
  });

  it('reads right to left in Arabic, chosen before', async () => {
    signedInSpeaking('ar');
    renderConsole('/');
    expect(await screen.findByRole('table', { name: 'طلبات الإرجاع، الأحدث أولًا' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByRole('navigation', { name: 'لوحة التحكم' })).toBeTruthy();
  });

  it('follows the browser’s language until the member chooses one', async () => {
    signedInSpeaking(null);
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
    Object.defineProperty(navigator, 'languages', { value: ['fr-CA', 'en'], configurable: true });
    try {
      renderConsole('/');
      expect(
        await screen.findByRole('table', { name: 'Demandes de retour, les plus récentes en premier' }),
      ).toBeTruthy();
      expect(document.documentElement.lang).toBe('fr');
    } finally {
      if (languages) Object.defineProperty(navigator, 'languages', languages);
      Reflect.deleteProperty(navigator, 'languages');
    }
  });
});
