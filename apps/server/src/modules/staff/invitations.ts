import { randomBytes } from 'node:crypto';
import { Code, type StaffInvite, type StaffRole } from '@return-center/contract';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, errors } from '../../http/app-error.js';
import { hashToken } from '../auth/sessions.js';
import type { Outbox } from '../jobs/outbox.js';
import { hashPassword } from './passwords.js';
import { LINK_TTL_SECONDS } from './staff-links.js';
import { StaffInvites } from './staff-invites.repository.js';
import { StaffRepository, type AccountRow } from './staff.repository.js';

export const linkExpired = () =>
  new AppError(Code.LinkExpired, 'This link has expired or was already used: ask for a new one');
const taken = () => errors.invalidInput('This email already has an account');

interface InvitationDeps {
  db: Db;
  accounts: StaffRepository;
  outbox: Outbox;
  onQueued: () => void;
  clock: Clock;
}

/**
 * Invitations to a shop's console. An account is a membership of one shop, made only by accepting that shop's
 * invitation (or by the operator, `make-owner.ts`), in one transaction: the link is used, the invitation claimed and
 * the account inserted together, and the email's uniqueness makes the second of two racing acceptances fail whole.
 */
export class Invitations {
  constructor(private readonly deps: InvitationDeps) {}

  private get now() {
    return nowSeconds(this.deps.clock);
  }

  /** Invites the email to the owner's shop (again: a new role and week, the older links void); the link is mailed. */
  async invite(owner: AccountRow, email: string, role: StaffRole): Promise<void> {
    if (await this.deps.accounts.byEmail(email)) throw taken();
    await this.deps.db.transaction().execute(async (trx) => {
      const expiresAt = this.now + LINK_TTL_SECONDS.invite;
      await new StaffInvites(trx).put({ shopId: owner.shop_id, email, role, now: this.now, expiresAt });
      const nonce = randomBytes(8).toString('hex');
      await this.deps.outbox.enqueue(
        trx,
        'staff.link',
        { purpose: 'invite', email, shopId: owner.shop_id, role },
        `staff.link:${nonce}`,
      );
    });
    this.deps.onQueued();
  }

  async accept(token: string, name: string, password: string): Promise<void> {
    // Hashed first: the transaction should not hold the database for the ~40 ms of argon2.
    const passwordHash = await hashPassword(password);
    await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const accounts = new StaffRepository(trx);
        const link = await accounts.useLink(hashToken(token), 'invite', this.now);
        const invite = link && (await new StaffInvites(trx).claim(link.shop_id, link.email, this.now));
        if (!invite) throw linkExpired();
        const { shop_id: shopId, email, role } = invite;
        await accounts.insert({ shopId, email, name, role, passwordHash, now: this.now });
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? taken() : error;
      });
  }

  async pending(shopId: number): Promise<StaffInvite[]> {
    return (await new StaffInvites(this.deps.db).pending(shopId, this.now)).map(
      ({ id, email, role, created_at, expires_at }) => ({ id, email, role, created_at, expires_at }),
    );
  }

  async revoke(shopId: number, id: number): Promise<void> {
    if (!(await new StaffInvites(this.deps.db).revoke(shopId, id))) throw errors.notFound();
  }
}
