import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { StaffAccountsTable } from '../../db/access-schema.js';
import type { StaffAccount, StaffRole } from '@return-center/contract';

export type AccountRow = Selectable<StaffAccountsTable>;

export const toStaffAccount = (row: AccountRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  totp_enabled: row.totp_enabled === 1,
  language: row.language,
  created_at: row.created_at,
});

/** Staff accounts, their sessions and their one-time links (invites, password resets). Tokens are stored hashed. */
export class StaffRepository {
  constructor(private readonly db: Db) {}

  byEmail(email: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('staff_accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  byId(id: number): Promise<AccountRow | undefined> {
    return this.db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  ofShop(shopId: number): Promise<AccountRow[]> {
    return this.db.selectFrom('staff_accounts').selectAll().where('shop_id', '=', shopId).orderBy('id').execute();
  }

  /** A new account: a membership of one shop. The email is unique server-wide, so of two racing inserts one fails. */
  async insert(input: {
    shopId: number;
    email: string;
    name: string;
    role: StaffRole;
    passwordHash: string;
    now: number;
  }) {
    return this.db
      .insertInto('staff_accounts')
      .values({
        shop_id: input.shopId,
        email: input.email,
        name: input.name,
        role: input.role,
        password_hash: input.passwordHash,
        created_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(
    id: number,
    values: Partial<Pick<AccountRow, 'password_hash' | 'totp_secret' | 'totp_enabled' | 'totp_last_step' | 'language'>>,
  ) {
    await this.db.updateTable('staff_accounts').set(values).where('id', '=', id).execute();
  }

  /** Records a used TOTP step, only over the one read (two sign-ins with one code: one wins). */
  async takeTotpStep(id: number, fromStep: number, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('staff_accounts')
      .set({ totp_last_step: step })
      .where('id', '=', id)
      .where('totp_last_step', '=', fromStep)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Removes a shop's account with its sessions and every unused link of it (invites to that shop, password resets),
   * in one transaction; false when the shop has no such account.
   */
  async remove(shopId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('staff_accounts')
        .select('email')
        .where('id', '=', id)
        .where('shop_id', '=', shopId)
        .executeTakeFirst();
      if (!row) return false;
      await trx.deleteFrom('staff_sessions').where('account_id', '=', id).execute();
      await trx.deleteFrom('staff_accounts').where('id', '=', id).execute();
      await new StaffRepository(trx).voidLinks(shopId, row.email);
      return true;
    });
  }

  /** The unused links (invites, resets) of an email in a shop stop working, and so does its pending invitation. */
  async voidLinks(shopId: number, email: string): Promise<void> {
    await this.db
      .deleteFrom('staff_links')
      .where('shop_id', '=', shopId)
      .where('email', '=', email)
      .where('used_at', 'is', null)
      .execute();
    await this.db.deleteFrom('staff_invites').where('shop_id', '=', shopId).where('email', '=', email).execute();
  }

  async addSession(tokenHash: string, accountId: number, now: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('staff_sessions')
      .values({ token_hash: tokenHash, account_id: accountId, created_at: now, expires_at: expiresAt })
      .execute();
  }

  sessionAccount(tokenHash: string, now: number): Promise<AccountRow | undefined> {
    return this.db
      .selectFrom('staff_sessions')
      .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.account_id')
      .selectAll('staff_accounts')
      .where('staff_sessions.token_hash', '=', tokenHash)
      .where('staff_sessions.expires_at', '>', now)
      .executeTakeFirst();
  }

  async endSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
  }

  /** Every session of the account ends (a new password signs everyone out), but the one kept. */
  async endSessionsOf(accountId: number, keep = ''): Promise<void> {
    await this.db
      .deleteFrom('staff_sessions')
      .where('account_id', '=', accountId)
      .where('token_hash', '!=', keep)
      .execute();
  }

  async addLink(values: {
    tokenHash: string;
    purpose: 'invite' | 'reset';
    shopId: number;
    email: string;
    role: StaffRole;
    now: number;
    expiresAt: number;
  }): Promise<void> {
    await this.db
      .insertInto('staff_links')
      .values({
        token_hash: values.tokenHash,
        purpose: values.purpose,
        shop_id: values.shopId,
        email: values.email,
        role: values.role,
        created_at: values.now,
        expires_at: values.expiresAt,
        used_at: null,
      })
      .execute();
  }

  /** Marks a live link used and returns it; a used, expired or unknown one gives undefined (and only one caller wins). */
  async useLink(tokenHash: string, purpose: 'invite' | 'reset', now: number) {
    const used = await this.db
      .updateTable('staff_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    return used;
  }
}
