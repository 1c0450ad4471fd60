import { LOCALES } from '@return-center/contract';
import { describe, expect, it } from 'vitest';
import { mailText, mailTexts } from './mail-locales.js';

const vars = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('email texts', () => {
  it.each(LOCALES)('are complete in %s, with every placeholder', (code) => {
    const table = mailTexts[code];
    expect(table, code).toBeDefined();
    for (const [key, english] of Object.entries(mailTexts.en!)) {
      expect(table![key], `${code}.${key}`).toBeTruthy();
      expect(vars(table![key]!), `${code}.${key}`).toEqual(vars(english));
    }
  });

  it('falls back to English for an unknown language and to the base of a regional one', () => {
    expect(mailText('xx', 'viewStatus', {})).toBe('View your return');
    expect(mailText('fr-CA', 'viewStatus', {})).toBe('Voir votre retour');
    expect(mailText('de', 'codeSubject', { store: 'Demo Shop' })).toBe('Ihr Bestätigungscode für Demo Shop');
  });
});
