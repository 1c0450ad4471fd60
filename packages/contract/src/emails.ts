import { z } from 'zod';
import { LOCALES } from './constants.js';
import { email, unixSeconds } from './envelope.js';
import type { MerchantRoute } from './merchant-route.js';

/**
 * The emails a merchant edits (issue 34 point 3, ADR 042): each notification has a subject and a body per language,
 * Liquid templates over the notification's variables. The server's catalog names the notifications; a key is a
 * lower-case word so that adding one needs no change here.
 */
export const emailKey = z.string().regex(/^[a-z][a-z_]{0,39}$/, 'not a notification');
export const emailLang = z.enum(LOCALES);
export const EMAIL_SUBJECT_MAX = 300;
export const EMAIL_BODY_MAX = 20_000;
/** Test emails a shop may send in 10 minutes (429 after). */
export const EMAIL_TESTS_PER_10_MINUTES = 10;

export const emailVariable = z.object({
  name: z.string(),
  description: z.string(),
  /** What the preview and a test email show for it. */
  sample: z.string(),
});
export type EmailVariable = z.infer<typeof emailVariable>;

export const emailNotification = z.object({
  key: z.string(),
  /** Its English name and what sends it (the console names it in its own language when it knows the key). */
  title: z.string(),
  description: z.string(),
  variables: z.array(emailVariable),
  /** The languages whose template the shop changed. */
  edited_languages: z.array(z.string()),
});
export type EmailNotification = z.infer<typeof emailNotification>;

export const emailContent = z.object({
  subject: z.string().trim().min(1).max(EMAIL_SUBJECT_MAX),
  body: z.string().trim().min(1).max(EMAIL_BODY_MAX),
});
export const emailTemplateBody = emailContent.extend({ lang: emailLang });
export const emailTestBody = emailTemplateBody.extend({
  /** Where an API key sends the test; a console member's test always goes to their own address. */
  to: email.optional(),
});

export const emailTemplate = z.object({
  key: z.string(),
  lang: z.string(),
  variables: z.array(emailVariable),
  default: z.object({ subject: z.string(), body: z.string() }),
  /** The shop's own version, or null when it sends the default; `saved_by` as the settings' ("console:<email>"). */
  override: z.object({ subject: z.string(), body: z.string(), saved_by: z.string(), saved_at: unixSeconds }).nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplate>;

export const emailPreview = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreview = z.infer<typeof emailPreview>;

const langQuery = z.object({ lang: emailLang.default('en') });

/** The merchant API's email routes (merged into merchantRoutes). */
export const emailRoutes = {
  listEmails: {
    method: 'GET',
    path: '/emails',
    summary: 'The notifications the shop sends, each with its variables and the languages the shop edited',
    answer: z.object({ items: z.array(emailNotification) }),
  },
  getEmail: {
    method: 'GET',
    path: '/emails/{id}',
    summary: "One notification's template in a language (`?lang=de`): the default and the shop's own, if any",
    id: emailKey,
    query: langQuery,
    answer: emailTemplate,
    refusals: [404],
  },
  saveEmail: {
    method: 'PUT',
    path: '/emails/{id}',
    summary:
      "Save the shop's subject and body of a notification in a language (owner). A Liquid syntax error, an unknown variable or filter is refused with the field (422)",
    id: emailKey,
    body: emailTemplateBody,
    answer: emailTemplate,
    refusals: [404, 422],
  },
  resetEmail: {
    method: 'POST',
    path: '/emails/{id}/reset',
    summary: "Go back to the default template of a notification in a language (owner): the shop's own is deleted",
    id: emailKey,
    body: langQuery,
    answer: emailTemplate,
    refusals: [404],
  },
  previewEmail: {
    method: 'POST',
    path: '/emails/{id}/preview',
    summary: "Render a subject and body with sample data in the shop's brand: the subject, plain text and HTML",
    id: emailKey,
    body: emailTemplateBody,
    answer: emailPreview,
    refusals: [404, 422],
  },
  testEmail: {
    method: 'POST',
    path: '/emails/{id}/test',
    summary: `Send a subject and body with sample data as a test: to the signed-in staff member, or to \`to\` with an API key. At most ${String(EMAIL_TESTS_PER_10_MINUTES)} per shop in 10 minutes (429 after)`,
    id: emailKey,
    body: emailTestBody,
    answer: z.object({ to: z.string() }),
    refusals: [404, 422],
  },
} satisfies Record<string, MerchantRoute>;
