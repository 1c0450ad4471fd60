import type { Db } from './database.js';
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
}

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
