import type { RuleSet, RuleSetBody } from '@return-center/contract';
import {
  evaluateRules,
  needsShopperHistory,
  rulesFromSettings,
  type RuleDecision,
  type ShopperHistory,
} from '@return-center/domain';
import type { PlatformLine, PlatformOrder, PlatformOrders } from '../../adapters/store-platform/port.js';
import type { RequestReads } from '../requests/request-reads.js';
import type { Shop } from '../storefront-config/shop.js';
import { itemFactsOf, orderFactsOf, shopperHistoryOf, type ItemChoice } from './rule-facts.js';
import type { RulesRepository } from './rules.repository.js';

/** A return as far as the shopper has chosen it: the items (every returnable line before they choose) and options. */
export interface ReturnDraft {
  items: { line: PlatformLine; quantity: number; choice?: ItemChoice }[];
  solutionId?: number;
  methodId?: number;
  refundValue?: number;
}

/** What the rules decided, with the version of the rule set that did. */
export interface Decided {
  version: number;
  decision: RuleDecision;
}

const NO_HISTORY: ShopperHistory = { requests: [], orders: 0, ordersWithReturn: 0 };

/**
 * A shop's return policy as rules (issue 32, ADR 035). Until the shop saves rules of its own, its rules are those its
 * settings amount to (window, final sale, green returns), at version 0: existing shops decide exactly as before.
 */
export class RulesService {
  constructor(
    private readonly repository: RulesRepository,
    private readonly requests: Pick<RequestReads, 'historyOf'>,
    private readonly orders: Pick<PlatformOrders, 'listOrdersByEmail'>,
  ) {}

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

  /** The shop's rules applied to a return of `order` (the shopper's history is read only when a rule looks at it). */
  async decide(shop: Shop, order: PlatformOrder, draft: ReturnDraft, now: number, known?: RuleSet): Promise<Decided> {
    const set = known ?? (await this.current(shop));
    const shopper = needsShopperHistory(set.rules)
      ? await shopperHistoryOf(
          this.requests,
          shop.id,
          order.email,
          (await this.orders.listOrdersByEmail(shop.id, order.email)).length,
        )
      : NO_HISTORY;
    const decision = evaluateRules(set.rules, {
      now,
      order: orderFactsOf(order),
      items: draft.items.map(({ line, quantity, choice }) => itemFactsOf(line, quantity, choice)),
      shopper,
      lists: set.lists,
      solutionId: draft.solutionId,
      methodId: draft.methodId,
      refundValue: draft.refundValue,
    });
    return { version: set.version, decision };
  }
}
