import type { AccessibilityStatement } from '@return-center/contract';

/**
 * What this release of Return Center knows about its portal's accessibility (ADR 043). A release that changes any of
 * it (a test added, a limitation fixed or found) updates `reviewedOn`, which every shop's statement then shows as its
 * date unless the merchant edited their part later.
 */
export const STATEMENT_FACTS = {
  /** The day these facts were last checked against the code and the e2e suite (UTC). */
  reviewedOn: '2026-11-27',
  /** The harmonised standard the European Accessibility Act presumes conformity with; it applies WCAG 2.1/2.2 AA. */
  en301549: 'V3.2.1 (2021-03)',
  /**
   * What `e2e/specs` really does, on a desktop and a phone-sized screen in Chromium on every change: axe with the
   * WCAG 2.0–2.2 A/AA rules on every portal screen (`accessibility.spec.ts`), sign-in and the return steps by keyboard
   * alone with focus kept in dialogs, every control found by its role and accessible name, right-to-left layouts in
   * Arabic and Hebrew (`rtl.spec.ts`).
   */
  tests: ['axe', 'keyboard', 'roles', 'rtl'],
  /**
   * Known limitations. PDFs: the packing slip is drawn with pdf-lib without tags, in English and WinAnsi characters
   * only (`documents/packing-slip.ts`), and carriers' labels come as they are. Time limits: a shopper session ends after
   * SESSION_TTL_MINUTES and an email code after CODE_TTL_MINUTES, with no warning and no way to extend them.
   * Merchant content: colours, logo, texts and CSS are the shop's (the console warns on a low button contrast only).
   * Screen readers: no person has tested the portal with one; the e2e suite reads roles and names only.
   */
  limitations: [
    { code: 'pdf_documents', criteria: ['1.3.1'] },
    { code: 'time_limits', criteria: ['2.2.1'] },
    { code: 'merchant_content', criteria: [] },
    { code: 'screen_readers', criteria: [] },
  ],
} as const satisfies {
  reviewedOn: string;
  en301549: string;
  tests: AccessibilityStatement['tests'];
  limitations: AccessibilityStatement['limitations'];
};

/** Partially conformant while any known limitation falls short of a success criterion. */
export const conformanceOf = (limitations: AccessibilityStatement['limitations']) =>
  limitations.some((limitation) => limitation.criteria.length > 0) ? ('partial' as const) : ('full' as const);
