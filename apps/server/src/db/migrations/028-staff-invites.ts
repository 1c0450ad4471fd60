import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Pending invitations to a shop's console (issue #30): one row per shop and email (the uniqueness rule), the role it
 * offers and until when. An emailed link only claims the invitation it names: once the row is accepted, revoked or
 * replaced, every link to it is dead, whatever links were mailed. Live invite links of before are kept as invitations
 * (with the lesser role where two links to one email differed).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  await db.schema
    .createTable('staff_invites')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('staff_invites_shop_email', ['shop_id', 'email'])
    .execute();
  await sql`insert into staff_invites (shop_id, email, role, created_at, expires_at)
    select shop_id, email, max(role), max(created_at), max(expires_at) from staff_links
    where purpose = 'invite' and used_at is null group by shop_id, email`.execute(db);
  await db.schema.createIndex('staff_links_email').on('staff_links').columns(['email', 'shop_id']).execute();
}
