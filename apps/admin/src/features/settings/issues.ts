import { shopSettings, type ShopSettings } from '@return-center/contract';
import type { i18n as I18n } from 'i18next';
import type { z } from 'zod';

/** One complaint of the contract about the draft: where it is (`reasons.2.text`) and what to tell the merchant. */
export interface SettingsIssue {
  key: string;
  message: string;
}

/** The id of the element that holds the control(s) of a settings path. */
export const anchorId = (key: string) => `setting-${key.replace(/[^\w-]/g, '-')}`;

/** The draft checked against the very schema the server saves with (`shopSettings`): no rule is written twice. */
export function validate(draft: ShopSettings, i18n: I18n): SettingsIssue[] {
  const result = shopSettings.safeParse(draft);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    key: issue.path.map(String).join('.'),
    message: describe(issue, draft, i18n),
  }));
}

function describe(issue: z.core.$ZodIssue, draft: ShopSettings, i18n: I18n): string {
  const t = i18n.t.bind(i18n);
  const message = (() => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.expected === 'int') return t('settings.errors.whole');
        return issue.expected === 'number' ? t('settings.errors.number') : issue.message;
      case 'too_big':
        if (issue.origin === 'string') return t('settings.errors.tooLong', { max: Number(issue.maximum) });
        if (issue.origin === 'array') return t('settings.errors.tooMany', { max: Number(issue.maximum) });
        return t('settings.errors.max', { max: Number(issue.maximum) });
      case 'too_small':
        if (issue.origin === 'string') return t('settings.errors.tooShort', { min: Number(issue.minimum) });
        return t('settings.errors.min', { min: Number(issue.minimum) });
      case 'custom':
        // Refinements name the part they are about ('value: a percentage is at most 100'); the field says it already.
        return issue.message.replace(/^\w+: /, '');
      default:
        return issue.message;
    }
  })();
  const [top, index] = issue.path;
  // One line of a list of strings (an embed origin) is named by what was typed on it.
  if (top === 'embed_origins' && typeof index === 'number') return `${draft.embed_origins[index] ?? ''}: ${message}`;
  return message;
}

/** The issues of a field: those at its paths, or at an entry of a list at its path (`embed_origins.3`). */
export function errorsFor(issues: SettingsIssue[]) {
  return (...keys: string[]): string | undefined => {
    const found = issues.filter(({ key }) =>
      keys.some((k) => key === k || (key.startsWith(`${k}.`) && /^\d+$/.test(key.slice(k.length + 1)))),
    );
    return found.length > 0 ? found.map((issue) => issue.message).join('; ') : undefined;
  };
}

/** The element of a path, or of the nearest path above it that has one (a section, a list, a row). */
export function anchorOf(key: string): HTMLElement | null {
  const parts = key.split('.');
  while (parts.length > 0) {
    const element = document.getElementById(anchorId(parts.join('.')));
    if (element) return element;
    parts.pop();
  }
  return null;
}

/** Takes the merchant from the summary to the field: its first control gets focus (the browser scrolls to it). */
export function focusSetting(key: string): void {
  const anchor = anchorOf(key);
  if (!anchor) return;
  const control = anchor.matches('input, select, textarea')
    ? anchor
    : anchor.querySelector<HTMLElement>('input, select, textarea, button');
  (control ?? anchor).focus();
}

/**
 * The field's name for the summary, from the same strings the form's labels use (`settings.field.<path>`): a list
 * index becomes "Reason 3", a language code the language's name.
 */
export function issueLabel(key: string, i18n: I18n, languageName: (code: string) => string): string {
  const t = i18n.t.bind(i18n);
  const parts = key.split('.');
  const before: string[] = [];
  const after: string[] = [];
  if (parts[0] === 'text_translations' && parts[1]) {
    after.push(languageName(parts[1]));
    parts.splice(0, 2, 'text');
  }
  if (parts[0] === 'reasons' && parts[1] && /^\d+$/.test(parts[1])) {
    before.push(t('settings.reasons.number', { number: Number(parts[1]) + 1 }));
    parts.splice(1, 1);
    if (parts[1] === 'translations' && parts[2]) after.push(languageName(parts.splice(2)[0] ?? ''));
  }
  const path = parts.filter((part) => !/^\d+$/.test(part));
  // A group's own name is its `label` (`settings.field.style.font_family.label`).
  while (path.length > 0) {
    const label = [`settings.field.${path.join('.')}`, `settings.field.${path.join('.')}.label`].find(
      (key) => i18n.exists(key) && typeof t(key, { returnObjects: true }) === 'string',
    );
    if (label) {
      before.push(t(label));
      break;
    }
    path.pop();
  }
  return [...before, ...after].join(' · ') || key;
}
