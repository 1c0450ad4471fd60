import type { RuleSet, RuleSetBody } from '@return-center/contract';
import { rulesFromSettings } from '@return-center/domain';
import type { Shop } from '../storefront-config/shop.js';
import type { RulesRepository } from './rules.repository.js';

/**
 * A shop's return policy as rules (issue 32, ADR 035). Until the shop saves rules of its own, its rules are those its
 * settings amount to (window, final sale, green returns), at version 0: existing shops decide exactly as before.
 */
export class RulesService {
  constructor(private readonly repository: RulesRepository) {}

  async current(shop: Shop): Promise<RuleSet> {
    const stored = await this.repository.find(shop.id);
    if (stored) return { version: stored.version, ...stored.body };
    return {
      version: 0,
      rules: rulesFromSettings(shop.settings.return_setting),
      lists: { emails: [], addresses: [], order_patterns: [] },
    };
  }

  /** Saves over the version the merchant read; null when someone saved after that (nothing is overwritten). */
  save(shop: Shop, body: RuleSetBody, fromVersion: number): Promise<number | null> {
    return this.repository.save(shop.id, body, fromVersion);
  }
}
