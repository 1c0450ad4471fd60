import { ruleSetBody, type RuleSetBody } from '@return-center/contract';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

/** A stored rule set: the body and its version. */
export interface StoredRules {
  version: number;
  body: RuleSetBody;
}

const storedRules = prepared((db, shopId: number) =>
  db.selectFrom('return_rules').select(['version', 'body']).where('shop_id', '=', shopId),
);

/** The `return_rules` table: one rule set per shop. */
export class RulesRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * Each shop's stored body as last read, parsed: the rules are read by every orders list and order page, and
   * checking them against the contract costs more than the read. Kept by text, so a saved change is seen at once.
   */
  private readonly parsed = new Map<number, { text: string; body: RuleSetBody }>();

  async find(shopId: number): Promise<StoredRules | null> {
    const [row] = await storedRules(this.db, shopId);
    if (!row) return null;
    let kept = this.parsed.get(shopId);
    if (kept?.text !== row.body) {
      kept = { text: row.body, body: ruleSetBody.parse(JSON.parse(row.body)) };
      this.parsed.set(shopId, kept);
    }
    return { version: row.version, body: kept.body };
  }

  /**
   * Saves the rule set over version `fromVersion` (0: the shop has none stored yet) and returns the new version, or null
   * when another save came first (compare-and-set in the database, so two instances cannot both win).
   */
  async save(shopId: number, body: RuleSetBody, fromVersion: number): Promise<number | null> {
    const values = { body: JSON.stringify(body), updated_at: nowSeconds(this.clock) };
    if (fromVersion === 0) {
      try {
        await this.db
          .insertInto('return_rules')
          .values({ shop_id: shopId, version: 1, ...values })
          .execute();
        return 1;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    }
    const row = await this.db
      .updateTable('return_rules')
      .set({ ...values, version: fromVersion + 1 })
      .where('shop_id', '=', shopId)
      .where('version', '=', fromVersion)
      .returning('version')
      .executeTakeFirst();
    return row ? row.version : null;
  }
}
