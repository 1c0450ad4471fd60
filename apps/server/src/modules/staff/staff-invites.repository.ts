import type { Selectable } from 'kysely';
import type { StaffRole } from '@return-center/contract';
import type { Db } from '../../db/database.js';
import type { StaffInvitesTable } from '../../db/access-schema.js';

export type InviteRow = Selectable<StaffInvitesTable>;

/**
 * Pending invitations to a shop's console, one per shop and email. A mailed link only claims the invitation: accepted,
 * revoked or replaced, it is gone, and every link to it with it.
 */
export class StaffInvites {
  constructor(private readonly db: Db) {}

  /** Invites the email, or replaces its pending invitation (new role, new week); links mailed before stop working. */
  async put(input: { shopId: number; email: string; role: StaffRole; now: number; expiresAt: number }) {
    await this.voidLinks(input.shopId, input.email);
    await this.db
      .insertInto('staff_invites')
      .values({
        shop_id: input.shopId,
        email: input.email,
        role: input.role,
        created_at: input.now,
        expires_at: input.expiresAt,
      })
      .onConflict((oc) =>
        oc
          .columns(['shop_id', 'email'])
          .doUpdateSet({ role: input.role, created_at: input.now, expires_at: input.expiresAt }),
      )
      .execute();
  }

  /** The shop's invitations still open, oldest first. */
  pending(shopId: number, now: number): Promise<InviteRow[]> {
    return this.db
      .selectFrom('staff_invites')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('expires_at', '>', now)
      .orderBy('id')
      .execute();
  }

  /** The open invitation of an email to a shop, if any. */
  open(shopId: number, email: string, now: number): Promise<InviteRow | undefined> {
    return this.db
      .selectFrom('staff_invites')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('email', '=', email)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Takes the open invitation (it is used up); undefined when it was revoked, replaced, accepted or has expired. */
  claim(shopId: number, email: string, now: number): Promise<InviteRow | undefined> {
    return this.db
      .deleteFrom('staff_invites')
      .where('shop_id', '=', shopId)
      .where('email', '=', email)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  /** Revokes one of the shop's invitations and its links; false when the shop has no invitation of that id. */
  async revoke(shopId: number, id: number): Promise<boolean> {
    const row = await this.db
      .deleteFrom('staff_invites')
      .where('shop_id', '=', shopId)
      .where('id', '=', id)
      .returning('email')
      .executeTakeFirst();
    if (row) await this.voidLinks(shopId, row.email);
    return row !== undefined;
  }

  private async voidLinks(shopId: number, email: string): Promise<void> {
    await this.db
      .deleteFrom('staff_links')
      .where('shop_id', '=', shopId)
      .where('email', '=', email)
      .where('purpose', '=', 'invite')
      .where('used_at', 'is', null)
      .execute();
  }
}
