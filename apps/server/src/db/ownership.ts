import type { Db } from './database.js';
import type { RetentionCount } from '@return-center/contract';
import type { Database } from './schema.js';

/**
 * A customer of a shop to forget (Shopify's customers/redact, retention): what names them, as the owners found it.
 * Addresses are lower case; every list may be empty.
 */
export interface Customer {
  shopId: number;
  emails: string[];
  /** The store platform's ids of their orders (Shopify's, or the local store's as text). */
  platformOrderIds: string[];
  /** Our numbers of their orders (the port's order ids, as return_requests.order_id keeps them). */
  orderIds: number[];
  /** Their return requests. */
  requestIds: number[];
  /** Storage keys of the files they sent (proof photos). */
  fileKeys: string[];
  /** When they are forgotten (unix seconds, the app's clock). */
  at: number;
}

/** What one table holds of people: each column named here says what it holds (or why it holds nothing personal). */
export interface TableData<Row> {
  /** Columns that may hold personal data (email, name, phone, address, IBAN, free text, a file): what each holds. */
  personal?: { [Column in keyof Row]?: string };
  /** Columns whose names look personal but hold nothing of a person: why. */
  notPersonal?: { [Column in keyof Row]?: string };
}

/**
 * One owner of tables (DESIGN §4): the only code that writes them (others call its service), which knows their personal
 * columns and how to forget a customer of a shop or a whole shop. Forgetters run inside the caller's transaction.
 */
export interface TableOwner {
  /** Where the owner's code lives, as a path under src/ (a folder, or a file-name prefix): only it writes the tables. */
  owner: string;
  tables: { [Table in keyof Database]?: TableData<Database[Table]> };
  /** Adds what the owner knows names the customer (their requests, orders, files), for the owners after it. */
  identify?: (db: Db, customer: Customer) => Promise<Partial<Omit<Customer, 'shopId'>>>;
  forgetCustomer?: (db: Db, customer: Customer) => Promise<void>;
  forgetShop?: (db: Db, shopId: number) => Promise<void>;
  /**
   * Retention (ADR 050): deletes (or, on a dry run, counts) the owner's rows that name people and are past retention on
   * their own, not through a request (a mail, a webhook event, an expired session), at most `limit` of each kind.
   */
  retain?: (db: Db, scope: RetentionScope) => Promise<RetentionCount[]>;
}

/** What one retention pass covers: a shop's rows, or (shopId null) those that name no shop, such as client addresses. */
export interface RetentionScope {
  shopId: number | null;
  /** Unix seconds: rows made before it are past retention. */
  before: number;
  /** Unix seconds: sign-in leftovers that expired before it are no use to anyone. */
  expiredBefore: number;
  dryRun: boolean;
  /** Most rows of a kind one pass deletes (so no statement holds locks long); a dry run counts them all. */
  limit: number;
}

/** Counts as `retain` reports them: the rows matched, and the oldest one's time. */
export const retained = (
  kind: RetentionCount['kind'],
  rows: { count: number | string | bigint; oldest: number | string | null },
): RetentionCount => ({ kind, count: Number(rows.count), oldest: rows.oldest === null ? null : Number(rows.oldest) });

/**
 * A port whose adapter keeps personal data (in its own tables, or in memory): it forgets a customer or a shop when
 * asked, after the modules' own tables have (Privacy).
 */
export interface ForgetsPeople {
  forgetCustomer(customer: Customer): Promise<void>;
  forgetShop(shopId: number): Promise<void>;
}

/** Lower-case, distinct, none empty. */
export const addresses = (emails: readonly string[]) =>
  [...new Set(emails.map((email) => email.toLowerCase()))].filter(Boolean);

/**
 * One kind of `retain`: on a dry run, counts the rows `due` finds; otherwise deletes up to `limit` of them through
 * `remove` (the owner's own delete), oldest first, and counts those.
 */
export async function retainRows<Id>(
  kind: RetentionCount['kind'],
  scope: RetentionScope,
  due: {
    count: () => Promise<{ count: number | string | bigint; oldest: number | string | null }>;
    batch: (limit: number) => Promise<{ id: Id; at: number }[]>;
  },
  remove: (ids: Id[]) => Promise<void>,
): Promise<RetentionCount> {
  if (scope.dryRun) return retained(kind, await due.count());
  const rows = await due.batch(scope.limit);
  if (rows.length > 0) await remove(rows.map((row) => row.id));
  return { kind, count: rows.length, oldest: rows.length ? Math.min(...rows.map((row) => row.at)) : null };
}
