import { LOCALES } from '@return-center/contract';
import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { MAIL_TEXT_KEYS, mailText, mailTexts } from './mail-locales.js';

const vars = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('email texts', () => {
  it.each(LOCALES)('are complete in %s, with every placeholder', (code) => {
    const found = mailTexts[code];
    expect(found, code).toBeDefined();
    const table = present(found, `${code} email texts`);
    for (const [key, english] of Object.entries(present(mailTexts.en, 'en email texts'))) {
      expect(table[key], `${code}.${key}`).toBeTruthy();
      expect(vars(present(table[key], `${code}.${key}`)), `${code}.${key}`).toEqual(vars(english));
    }
  });

  it('names in MailTextKey exactly the texts English has', () => {
    expect(Object.keys(present(mailTexts.en, 'en email texts')).sort()).toEqual([...MAIL_TEXT_KEYS].sort());
  });

  it('falls back to English for an unknown language and to the base of a regional one', () => {
    expect(mailText('xx', 'viewStatus', {})).toBe('View your return');
    expect(mailText('fr-CA', 'viewStatus', {})).toBe('Voir votre retour');
    expect(mailText('de', 'codeSubject', { store: 'Fernhill Supply Co.' })).toBe(
      'Ihr Bestätigungscode für Fernhill Supply Co.',
    );
  });
});
