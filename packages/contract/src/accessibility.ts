import { z } from 'zod';
import { email, int, unixSeconds } from './envelope.js';
import { LOCALES } from './constants.js';

/**
 * What a merchant adds to their shop's accessibility statement (ADR 043), kept in the shop's settings. The facts the
 * server knows (the standard, the conformance, the tests, the limitations) are not here: a shop cannot change them.
 */
export const statementSettings = z.object({
  /** Where shoppers report a barrier; empty: the shop's support email. */
  feedback_email: z.union([z.literal(''), email]).default(''),
  /** The authority that enforces the accessibility law for the shop (its name, and its address or site). */
  enforcement_body: z.string().trim().max(500).default(''),
  /** The shop's own words, shown under the generated statement (plain text; a blank line starts a paragraph). */
  extra_text: z.string().max(5000).default(''),
  /** `extra_text` per language (e.g. `{ "de": "…" }`); a language without one shows `extra_text`. */
  extra_text_translations: z.partialRecord(z.enum(LOCALES), z.string().max(5000)).default({}),
  /** When the merchant last changed any of the above (seconds, 0 never): set by the server, what is sent is ignored. */
  edited_at: unixSeconds.default(0),
});
export type StatementSettings = z.infer<typeof statementSettings>;

/** How this project tests the portal's accessibility (what its e2e suite really does; ADR 043). */
export const STATEMENT_TESTS = ['axe', 'keyboard', 'roles', 'rtl'] as const;
/** The portal's known limitations, each described in the portal's languages. */
export const STATEMENT_LIMITATIONS = ['pdf_documents', 'time_limits', 'merchant_content', 'screen_readers'] as const;

/** The shop's accessibility statement, generated from facts (`GET …/accessibilityStatement`). */
export const accessibilityStatement = z.object({
  shop_url: z.string(),
  store_name: z.string(),
  /** The language the merchant's text was picked for. */
  language: z.string(),
  standard: z.object({ wcag: z.literal('2.2'), level: z.literal('AA'), en_301_549: z.string() }),
  /** `partial` while a known limitation falls short of a success criterion, `full` when none does. */
  conformance: z.enum(['full', 'partial']),
  tests: z.array(z.enum(STATEMENT_TESTS)),
  limitations: z.array(
    z.object({
      code: z.enum(STATEMENT_LIMITATIONS),
      /** The WCAG success criteria it falls short of (`2.2.1`); none when it is no failure to conform. */
      criteria: z.array(z.string()),
    }),
  ),
  /** The time limits of `time_limits`, in minutes, as this server is configured. */
  session_minutes: int,
  code_minutes: int,
  /** The statement's last review: this release's review of the facts, or the merchant's last edit, the later. */
  reviewed_at: unixSeconds,
  feedback_email: z.string(),
  /** Empty: the portal names the national enforcement authority in general words. */
  enforcement_body: z.string(),
  extra_text: z.string(),
});
export type AccessibilityStatement = z.infer<typeof accessibilityStatement>;
