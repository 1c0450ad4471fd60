import { readdirSync, readFileSync } from 'node:fs';
import { present } from '@return-center/domain';
import { supportedLocale } from '@return-center/contract';

/** Email wording, one JSON file per locale beside this module; English is the fallback. */
const dir = new URL('./locales/', import.meta.url);
export const mailTexts: Record<string, Record<string, string>> = Object.fromEntries(
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.slice(0, -5), JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Record<string, string>]),
);

/** The keys every locale file has (en.json holds exactly these; the tests check every locale against it). */
export const MAIL_TEXT_KEYS = [
  'codeSubject',
  'codeIntro',
  'codeExpiry',
  'codeIgnore',
  'submittedSubject',
  'submittedBody',
  'approvedSubject',
  'approvedBody',
  'approvedLabel',
  'approvedSlip',
  'approvedDropOff',
  'rejectedSubject',
  'rejectedBody',
  'receivedSubject',
  'receivedBody',
  'refundedSubject',
  'refundedBody',
  'refundedCode',
  'feesTaken',
  'itemsRefunded',
  'itemsNotRefunded',
  'resolvedSubject',
  'resolvedBody',
  'viewStatus',
  'exchangeSubject',
  'exchangeBody',
  'giftNoticeSubject',
  'giftNoticeBody',
  'payoutFailedSubject',
  'payoutFailedBody',
  'withdrawalSubject',
  'withdrawalBody',
  'withdrawalWholeOrder',
  'holdPlacedSubject',
  'holdPlacedBody',
  'holdReleasedSubject',
  'holdReleasedBody',
  'holdCapturedSubject',
  'holdCapturedBody',
] as const;
export type MailTextKey = (typeof MAIL_TEXT_KEYS)[number];

const english = present(mailTexts.en, 'English email texts (locales/en.json)');

export function mailText(lang: string, key: MailTextKey, vars: Record<string, string | number>): string {
  return rawMailText(lang, key).replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** A text as its locale file has it, `{placeholders}` and all (English when the language lacks it). */
export function rawMailText(lang: string, key: MailTextKey): string {
  const table = mailTexts[supportedLocale(lang) ?? 'en'] ?? english;
  return table[key] ?? english[key] ?? key;
}
