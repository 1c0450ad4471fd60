import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The merchant console (#15): staff accounts of a shop (argon2id password hashes; a TOTP secret sealed with an app
 * secret), their sessions and one-time links (invites, password resets), both stored as hashes; an API key's last
 * characters, so the owner can tell keys apart; and a version on the shop's settings, so a save made from an older
 * version is refused instead of overwriting a newer one.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const);
  await db.schema
    .createTable('staff_accounts')
    .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('totp_secret', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('staff_sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('staff_accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_sessions_account').on('staff_sessions').column('account_id').execute();
  await db.schema
    .createTable('staff_links')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .alterTable('merchant_keys')
    .addColumn('hint', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('shops')
    .addColumn('settings_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
