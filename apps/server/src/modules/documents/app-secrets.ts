import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';

/**
 * Secrets that must be the same on every instance (link signing). Taken from the environment when
 * given, otherwise generated once and kept in the database.
 */
export async function appSecret(db: Db, name: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insertInto('app_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
