import { emailRoutes, merchantUrl, type EmailTemplate, type Locale } from '@return-center/contract';
import { api, ApiError, merchantCall } from '../../shared/api';

/** Every email query starts with this key: a save or reset refreshes the list and the template. */
export const EMAILS_KEY = ['emails'] as const;
export const templateKey = (key: string, lang: string) => [...EMAILS_KEY, key, lang] as const;

export interface EmailDraft {
  subject: string;
  body: string;
}

export const listEmails = async () => (await merchantCall(emailRoutes.listEmails, undefined)).data.items;

export async function getEmail(key: string, lang: string): Promise<EmailTemplate> {
  const route = emailRoutes.getEmail;
  return (await api(route.method, `${merchantUrl(route, key)}?lang=${encodeURIComponent(lang)}`, route.answer)).data;
}

export const saveEmail = async (key: string, lang: Locale, draft: EmailDraft) =>
  (await merchantCall(emailRoutes.saveEmail, key, { lang, ...draft })).data;
export const resetEmail = async (key: string, lang: Locale) =>
  (await merchantCall(emailRoutes.resetEmail, key, { lang })).data;
export const previewEmail = async (key: string, lang: Locale, draft: EmailDraft) =>
  (await merchantCall(emailRoutes.previewEmail, key, { lang, ...draft })).data;
/** A test with sample data, to the signed-in member's own address. */
export const testEmail = async (key: string, lang: Locale, draft: EmailDraft) =>
  (await merchantCall(emailRoutes.testEmail, key, { lang, ...draft })).data.to;

/** Which field each problem is about: `subject`, `body` (or `form` for the rest). */
export type FieldErrors = Partial<Record<keyof EmailDraft | 'form', string>>;

/** The server's refusal by field (`data.errors` of a 400 or 422); what names no field is the form's. */
export function refusedFields(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return { form: error instanceof Error ? error.message : String(error) };
  const listed = (error.data as { errors?: { field: string; message: string }[] } | null)?.errors ?? [];
  const problems: FieldErrors = {};
  for (const { field, message } of listed) {
    if (field === 'subject' || field === 'body') problems[field] = message;
    else problems.form = message;
  }
  if (listed.length === 0) problems.form = error.message;
  return problems;
}

/** What a template sends now: the shop's own, else the default. */
export const draftOf = (template: EmailTemplate): EmailDraft => template.override ?? template.default;
