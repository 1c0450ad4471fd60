import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { addresses, type Customer, type ForgetsPeople, type TableOwner } from '../../db/ownership.js';

/** How a customer is named when asked to forget them: their email, the platform's ids of their orders, or both. */
export interface CustomerNamed {
  email?: string;
  platformOrderIds?: string[];
}

/**
 * Forgets a customer of a shop, or a whole shop, in every table (Shopify's customers/redact and shop/redact; retention):
 * each owner's forgetter runs in one transaction, then the ports that keep data of their own (files, the store
 * platform, the dev mailbox, rate limits) forget too. Which tables exist and who forgets them is the owners' list
 * (src/table-owners.ts); a personal column no owner forgets fails its test.
 */
export class Privacy {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      /** The modules' table owners; those that identify customers first. */
      owners: readonly TableOwner[];
      /** Ports keeping data outside the modules' tables, asked once the transaction is committed. */
      stores: readonly Partial<ForgetsPeople>[];
    },
  ) {}

  /** Answers who was forgotten (their requests, orders, addresses, files); null when nothing named anyone. */
  async forgetCustomer(shopId: number, named: CustomerNamed): Promise<Customer | null> {
    const emails = addresses(named.email ? [named.email] : []);
    const platformOrderIds = named.platformOrderIds ?? [];
    // Nothing names the customer: nothing is theirs (an empty email must not match every request without one).
    if (emails.length === 0 && platformOrderIds.length === 0) return null;
    const { db, owners, stores, clock } = this.deps;
    const customer = await db.transaction().execute(async (trx) => {
      const at = nowSeconds(clock);
      let found: Customer = { shopId, emails, platformOrderIds, orderIds: [], requestIds: [], fileKeys: [], at };
      for (const owner of owners) if (owner.identify) found = joined(found, await owner.identify(trx, found));
      for (const owner of owners) await owner.forgetCustomer?.(trx, found);
      return found;
    });
    for (const store of stores) await store.forgetCustomer?.(customer);
    return customer;
  }

  /**
   * Forgets requests found otherwise (retention, ADR 050): what they hold and what was made for them (documents,
   * photos, webhook events, the payee of their orders), by the same forgetters, without naming anyone by email, so the
   * shopper's other requests and sign-ins stay. The stores asked after are this Privacy's (retention's: the files).
   */
  async forgetRequests(
    shopId: number,
    found: Pick<Customer, 'requestIds' | 'orderIds' | 'fileKeys'>,
  ): Promise<Customer> {
    const { db, owners, stores, clock } = this.deps;
    const customer: Customer = { shopId, emails: [], platformOrderIds: [], ...found, at: nowSeconds(clock) };
    await db.transaction().execute(async (trx) => {
      for (const owner of owners) await owner.forgetCustomer?.(trx, customer);
    });
    for (const store of stores) await store.forgetCustomer?.(customer);
    return customer;
  }

  async forgetShop(shopId: number): Promise<void> {
    const { db, owners, stores } = this.deps;
    await db.transaction().execute(async (trx) => {
      for (const owner of owners) await owner.forgetShop?.(trx, shopId);
    });
    for (const store of stores) await store.forgetShop?.(shopId);
  }
}

function joined(customer: Customer, more: Partial<Omit<Customer, 'shopId'>>): Customer {
  const union = <T>(a: T[], b: T[] | undefined) => [...new Set([...a, ...(b ?? [])])];
  return {
    shopId: customer.shopId,
    emails: addresses(union(customer.emails, more.emails)),
    platformOrderIds: union(customer.platformOrderIds, more.platformOrderIds),
    orderIds: union(customer.orderIds, more.orderIds),
    requestIds: union(customer.requestIds, more.requestIds),
    fileKeys: union(customer.fileKeys, more.fileKeys),
    at: customer.at,
  };
}
