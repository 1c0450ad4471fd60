import { DEFAULT_LANGUAGE, supportedLocale, type AccessibilityStatement } from '@return-center/contract';
import type { StorefrontConfigService } from '../storefront-config/storefront-config.service.js';
import { conformanceOf, STATEMENT_FACTS } from './statement-facts.js';

const reviewedOn = Math.floor(Date.parse(`${STATEMENT_FACTS.reviewedOn}T00:00:00Z`) / 1000);

/** Each shop's accessibility statement: this release's facts, the server's time limits and the merchant's part. */
export class AccessibilityStatements {
  constructor(
    private readonly storefront: StorefrontConfigService,
    private readonly limits: { sessionMinutes: number; codeMinutes: number },
  ) {}

  async statement(shopUrl: string, lang: string): Promise<AccessibilityStatement> {
    const shop = await this.storefront.requireShop(shopUrl);
    const mine = shop.settings.accessibility;
    const language = supportedLocale(lang) ?? DEFAULT_LANGUAGE;
    const limitations = STATEMENT_FACTS.limitations.map(({ code, criteria }) => ({ code, criteria: [...criteria] }));
    return {
      shop_url: shop.shopUrl,
      store_name: shop.name,
      language,
      standard: { wcag: '2.2', level: 'AA', en_301_549: STATEMENT_FACTS.en301549 },
      conformance: conformanceOf(limitations),
      tests: [...STATEMENT_FACTS.tests],
      limitations,
      session_minutes: this.limits.sessionMinutes,
      code_minutes: this.limits.codeMinutes,
      reviewed_at: Math.max(reviewedOn, mine.edited_at),
      feedback_email: mine.feedback_email || shop.contactEmail,
      enforcement_body: mine.enforcement_body,
      extra_text: mine.extra_text_translations[language] ?? mine.extra_text,
    };
  }
}
