import type { TableOwner } from '../../db/ownership.js';

/** The shops' retention runs: dates and counts by kind, nothing of a person (ADR 050). */
export const retentionTables: TableOwner = {
  owner: 'modules/retention',
  tables: { retention_runs: {} },
  forgetShop: async (db, shopId) => {
    await db.deleteFrom('retention_runs').where('shop_id', '=', shopId).execute();
  },
};
