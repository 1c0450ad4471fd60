import { DEFAULT_RETURN_REASONS, LOCALES } from '@return-center/contract';
import { present } from '@return-center/domain';
import { describe, expect, it } from 'vitest';
import { reasonText, reasonTexts } from './reason-locales.js';

describe('default return reason texts', () => {
  it.each(LOCALES)('are complete in %s, with no empty or leftover entries', (code) => {
    const found = reasonTexts.get(code);
    expect(found, code).toBeDefined();
    const table = present(found, `${code} reason texts`);
    expect([...table.keys()].sort(), code).toEqual([...DEFAULT_RETURN_REASONS].sort());
    for (const english of DEFAULT_RETURN_REASONS) {
      const text = table.get(english);
      expect(typeof text, `${code}: ${english}`).toBe('string');
      const trimmed = present(text, `${code}: ${english}`).trim();
      expect(trimmed, `${code}: ${english}`).not.toBe('');
      expect(text, `${code}: ${english}`).toBe(trimmed);
      // Only English may keep the English wording: anything else is an untranslated copy.
      if (code !== 'en') expect(text, `${code}: ${english}`).not.toBe(english);
    }
  });

  it('has a file for supported languages only', () => {
    expect([...reasonTexts.keys()].sort()).toEqual([...LOCALES].sort());
  });

  it('keeps English as the English text and differs per reason within each language', () => {
    const englishTexts = present(reasonTexts.get('en'), 'en reason texts');
    for (const english of DEFAULT_RETURN_REASONS) expect(englishTexts.get(english)).toBe(english);
    for (const code of LOCALES)
      expect(new Set(present(reasonTexts.get(code), `${code} reason texts`).values()).size, code).toBe(6);
  });

  it('resolves a reason: merchant translation, else built-in one for an unrenamed default, else its own text', () => {
    const base = { id: 1, group_id: 1, proof: 'optional' as const };
    const late = { ...base, text: 'Arrived too late' };
    expect(reasonText(late, 'fr')).toBe('Arrivé trop tard');
    expect(reasonText({ ...late, translations: { fr: 'En retard' } }, 'fr')).toBe('En retard');
    expect(reasonText({ ...late, translations: { fr: '' } }, 'fr')).toBe('Arrivé trop tard');
    expect(reasonText({ ...late, translations: { de: 'Zu spät' } }, 'fr')).toBe('Arrivé trop tard');
    expect(reasonText({ ...base, text: 'Too late' }, 'fr')).toBe('Too late');
    expect(reasonText({ ...base, text: 'Too late', translations: { fr: 'Trop tard' } }, 'FR')).toBe('Trop tard');
    expect(reasonText(late, 'toString')).toBe('Arrived too late');
    expect(reasonText({ ...base, text: 'toString' }, 'fr')).toBe('toString');
  });
});
