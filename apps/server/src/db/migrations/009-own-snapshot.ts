import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Our tables stop depending on the store platform's (issue #11):
 * - each request keeps its own snapshot of the order (name, number, email) and each item of its line (title, price,
 *   discount, tax…), as they were at the request;
 * - the foreign keys from `return_requests.order_id` and `return_items.order_line_id` into the local platform's
 *   tables go, and both ids widen to bigint (other platforms' ids pass 2^31);
 * - "one open request per order" is held by a unique index over the open requests (statuses 1, 2 and 5, domain
 *   OPEN_REQUEST_STATUSES) instead of a lock on the platform's order row.
 * Older rows are filled from the local platform's tables, the only platform there was.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const text = (table: string, column: string, size: number) =>
    db.schema
      .alterTable(table)
      .addColumn(column, `varchar(${size})`, (c) => c.notNull().defaultTo(''))
      .execute();
  const amount = (table: string, column: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  await text('return_requests', 'order_name', 64);
  await text('return_requests', 'order_number', 64);
  await text('return_requests', 'customer_email', 254);
  await text('return_items', 'title', 255);
  await text('return_items', 'variant_title', 255);
  await text('return_items', 'sku', 100);
  await text('return_items', 'image', 1024);
  for (const column of ['product_id', 'variant_id', 'price', 'discount', 'tax', 'line_quantity'])
    await amount('return_items', column);

  await sql`update return_requests set
      order_name = coalesce((select o.order_name from orders o where o.id = return_requests.order_id), ''),
      order_number = coalesce((select o.order_number from orders o where o.id = return_requests.order_id), ''),
      customer_email = coalesce((select o.email from orders o where o.id = return_requests.order_id), '')`.execute(db);
  for (const [column, source] of [
    ['title', 'title'],
    ['variant_title', 'variant_title'],
    ['sku', 'sku'],
    ['image', 'image'],
    ['product_id', 'product_id'],
    ['variant_id', 'variant_id'],
    ['price', 'price'],
    ['discount', 'discount'],
    ['tax', 'tax'],
    ['line_quantity', 'quantity'],
  ] as const)
    await sql`update return_items set ${sql.ref(column)} = coalesce((select l.${sql.ref(source)} from order_lines l
      where l.id = return_items.order_line_id), ${sql.ref(column)})`.execute(db);

  if (dialect === 'postgres') {
    for (const [table, column, parent] of [
      ['return_requests', 'order_id', 'orders'],
      ['return_items', 'order_line_id', 'order_lines'],
    ] as const) {
      const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
        where contype = 'f' and conrelid = ${table}::regclass and confrelid = ${parent}::regclass`.execute(db);
      for (const { name } of rows)
        await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
      await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type bigint`.execute(db);
    }
  } else {
    await rebuildSqliteWithoutReferences(db, 'return_requests', ['orders']);
    await rebuildSqliteWithoutReferences(db, 'return_items', ['order_lines']);
  }

  await sql`create unique index return_requests_one_open on return_requests (shop_id, order_id)
    where status in (1, 2, 5)`.execute(db);
  await db.schema
    .createIndex('return_requests_shop_order')
    .on('return_requests')
    .columns(['shop_id', 'order_id'])
    .execute();
  await db.schema.createIndex('return_items_request').on('return_items').column('request_id').execute();
}

/**
 * SQLite cannot drop a foreign key: the table is made again without it (sqlite.org "Making Other Kinds Of Table
 * Schema Changes"), with its rows, its indexes, and foreign keys checked before the change is kept.
 */
async function rebuildSqliteWithoutReferences(db: Kysely<unknown>, table: string, parents: string[]): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string | null }>`select type, sql from sqlite_master
    where tbl_name = ${table} and type in ('table', 'index')`.execute(db);
  const create = rows.find((row) => row.type === 'table')?.sql;
  if (!create) throw new Error(`table ${table} not found`);
  let rebuilt = create.replace(/^CREATE TABLE "?\w+"?/i, `CREATE TABLE "${table}_rebuilt"`);
  for (const parent of parents)
    rebuilt = rebuilt.replace(new RegExp(`\\s+references\\s+"?${parent}"?\\s*\\("?id"?\\)`, 'gi'), '');
  const indexes = rows.flatMap((row) => (row.type === 'index' && row.sql ? [row.sql] : []));
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(rebuilt).execute(db);
    await sql.raw(`insert into "${table}_rebuilt" select * from "${table}"`).execute(db);
    await sql.raw(`drop table "${table}"`).execute(db);
    await sql.raw(`alter table "${table}_rebuilt" rename to "${table}"`).execute(db);
    for (const index of indexes) await sql.raw(index).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`rebuilding ${table} would break ${broken.rows.length} references`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
