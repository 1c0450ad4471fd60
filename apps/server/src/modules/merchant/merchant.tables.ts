import type { TableOwner } from '../../db/ownership.js';

/** The merchant API's keys: hashes and the labels the merchant gave them; nothing of a person. */
export const merchantTables: TableOwner = {
  owner: 'modules/merchant',
  tables: { merchant_keys: {} },
};
