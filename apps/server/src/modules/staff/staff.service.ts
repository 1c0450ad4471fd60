import { createHmac, randomBytes } from 'node:crypto';
import { Code, CONSOLE_LOCALES, isConsoleLocale, type ConsoleSession, type StaffRole } from '@return-center/contract';
import QRCode from 'qrcode';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import { AppError, errors } from '../../http/app-error.js';
import type { Outbox } from '../jobs/outbox.js';
import type { Db } from '../../db/database.js';
import { LIMITS, type RateLimiter } from '../auth/rate-limiter.js';
import { hashToken } from '../auth/sessions.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import { hashPassword, passwordMatches } from './passwords.js';
import type { SecretBox } from '../../secret-box.js';
import type { StaffLinkPayload } from './staff-links.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { Invitations, linkExpired } from './invitations.js';
import { toStaffAccount, type AccountRow, type StaffRepository } from './staff.repository.js';
import { newTotpSecret, otpauthUrl, totpStep } from './totp.js';

const signInFailed = () => new AppError(Code.SignInFailed, 'Wrong email or password');
const wrongCode = () => new AppError(Code.SignInFailed, 'That code did not work: enter the current one');

export interface StaffDeps {
  db: Db;
  accounts: StaffRepository;
  shops: ShopLookup;
  limiter: RateLimiter;
  box: SecretBox;
  outbox: Outbox;
  onQueued: () => void;
  clock: Clock;
  sessionTtlSeconds: number;
  csrfSecret: string;
}

/** Console accounts: sign-in with argon2id passwords and an optional TOTP code, sessions, invites and resets. */
export class StaffService {
  readonly invitations: Invitations;

  constructor(private readonly deps: StaffDeps) {
    this.invitations = new Invitations(deps);
  }

  private get now() {
    return nowSeconds(this.deps.clock);
  }

  /** The session's CSRF token: derived from it, so nothing more is stored and it dies with it. */
  csrfFor(tokenHash: string): string {
    return createHmac('sha256', this.deps.csrfSecret).update(tokenHash).digest('base64url');
  }

  /**
   * Failures count against the address and the email; past either limit even the right password waits. The attempt is
   * reserved before the password is checked, so a burst of concurrent guesses gets no more checks than the limit.
   */
  async signIn(input: { email: string; password: string; totp?: string }, ip: string) {
    const reservation = await this.deps.limiter.reserve([
      [`console-signin-ip:${ip}`, LIMITS.consoleSignInPerIp],
      [`console-signin-email:${input.email}`, LIMITS.consoleSignInPerEmail],
    ]);
    if (!reservation) throw errors.rateLimited();
    const row = await this.deps.accounts.byEmail(input.email);
    const failure =
      !(await passwordMatches(row?.password_hash, input.password)) || !row
        ? signInFailed()
        : row.totp_enabled === 1 && input.totp && !(await this.takeCode(row, input.totp))
          ? wrongCode()
          : null;
    if (failure || !row) {
      await reservation.failed();
      throw failure ?? signInFailed();
    }
    // The right password: this attempt does not count, whether or not a code must follow.
    await reservation.passed();
    if (row.totp_enabled === 1 && !input.totp)
      throw new AppError(Code.SecondFactorRequired, 'Enter the 6-digit code from your authenticator app');
    const token = randomBytes(32).toString('base64url');
    await this.deps.accounts.addSession(hashToken(token), row.id, this.now, this.now + this.deps.sessionTtlSeconds);
    return { token, session: await this.describe(row, hashToken(token)) };
  }

  /** The signed-in account behind a session token hash, or null when it ended or expired. */
  accountOf(tokenHash: string): Promise<AccountRow | undefined> {
    return this.deps.accounts.sessionAccount(tokenHash, this.now);
  }

  async describe(row: AccountRow, tokenHash: string): Promise<ConsoleSession> {
    const shop = await this.deps.shops.byId(row.shop_id);
    if (!shop) throw errors.notFound();
    return {
      account: toStaffAccount(row),
      shop: { id: shop.id, shop_url: shop.shopUrl, name: shop.name, currency: shop.currency },
      csrf_token: this.csrfFor(tokenHash),
    };
  }

  signOut(tokenHash: string): Promise<void> {
    return this.deps.accounts.endSession(tokenHash);
  }

  /** Same answer whether or not the email has an account; the job decides, outside the request. */
  async forgotPassword(email: string, ip: string): Promise<void> {
    const allowed = await this.deps.limiter.hitAll([
      [`console-reset-ip:${ip}`, LIMITS.consoleResetPerIp],
      [`console-reset-email:${email}`, LIMITS.consoleResetPerEmail],
    ]);
    if (!allowed) throw errors.rateLimited();
    await this.queueLink({ purpose: 'reset', email });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const link = await this.deps.accounts.useLink(hashToken(token), 'reset', this.now);
    const row = link && (await this.deps.accounts.byEmail(link.email));
    if (!row) throw linkExpired();
    await this.deps.accounts.update(row.id, { password_hash: await hashPassword(password) });
    await this.deps.accounts.endSessionsOf(row.id);
  }

  /** Creates an account outright: the demo owner. Others come from an invitation or from the operator. */
  async createAccount(input: { shopId: number; email: string; name: string; role: StaffRole; password: string }) {
    const passwordHash = await hashPassword(input.password);
    return this.deps.accounts.insert({ ...input, passwordHash, now: this.now });
  }

  /** The demo owner with its published password; a password changed in the console is kept across starts. */
  async ensureDemoOwner(shopId: number, owner: { email: string; password: string; name: string }): Promise<void> {
    if (await this.deps.accounts.byEmail(owner.email)) return;
    const demo = { shopId, email: owner.email, name: owner.name, role: 'owner' as const, password: owner.password };
    // Another instance starting on the same database may have made it meanwhile.
    await this.createAccount(demo).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
  }

  async removeAccount(email: string): Promise<void> {
    const row = await this.deps.accounts.byEmail(email);
    if (row) await this.deps.accounts.remove(row.shop_id, row.id);
  }

  /** Removes an account of the owner's shop: its sessions end and its unused links stop working. */
  async removeStaff(owner: AccountRow, id: number): Promise<void> {
    if (id === owner.id) throw errors.invalidInput('You cannot remove your own account');
    if (!(await this.deps.accounts.remove(owner.shop_id, id))) throw errors.notFound();
  }

  async listStaff(shopId: number) {
    return (await this.deps.accounts.ofShop(shopId)).map(toStaffAccount);
  }

  /**
   * A new secret, kept sealed but not in force until a code from it is entered (totpEnable). Over a second factor in
   * force it asks for a current code first, as turning it off does: a session alone cannot re-key or drop it.
   */
  async totpSetup(row: AccountRow, code: string | undefined) {
    if (row.totp_enabled === 1 && !(code && (await this.confirmCode(row, code)))) throw wrongCode();
    const secret = newTotpSecret();
    await this.deps.accounts.update(row.id, { totp_secret: this.deps.box.seal(secret), totp_enabled: 0 });
    const shop = await this.deps.shops.byId(row.shop_id);
    const url = otpauthUrl(secret, row.email, shop?.name ?? 'Return Center');
    const svg = await QRCode.toString(url, { type: 'svg', margin: 1 });
    return { secret, otpauth_url: url, qr_image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  async totpEnable(row: AccountRow, code: string, keepSession: string): Promise<void> {
    if (!row.totp_secret || !(await this.takeCode(row, code))) throw wrongCode();
    await this.deps.accounts.update(row.id, { totp_enabled: 1 });
    await this.deps.accounts.endSessionsOf(row.id, keepSession);
  }

  async totpDisable(row: AccountRow, code: string): Promise<void> {
    if (row.totp_enabled !== 1 || !(await this.confirmCode(row, code))) throw wrongCode();
    await this.deps.accounts.update(row.id, { totp_enabled: 0, totp_secret: '', totp_last_step: 0 });
  }

  /** The member's own console language: nobody sets another's. */
  async setLanguage(row: AccountRow, language: string): Promise<void> {
    if (!isConsoleLocale(language)) {
      const message = `Choose one of: ${CONSOLE_LOCALES.join(', ')}`;
      throw new AppError(Code.InvalidInput, `language: ${message}`, 422, { errors: [{ field: 'language', message }] });
    }
    await this.deps.accounts.update(row.id, { language });
  }

  /** A code of the factor in force, entered by a signed-in account: wrong ones are limited like sign-in's. */
  private async confirmCode(row: AccountRow, code: string): Promise<boolean> {
    const reservation = await this.deps.limiter.reserve([
      [`console-totp:${String(row.id)}`, LIMITS.consoleSignInPerEmail],
    ]);
    if (!reservation) throw errors.rateLimited();
    const taken = await this.takeCode(row, code);
    await (taken ? reservation.passed() : reservation.failed());
    return taken;
  }

  /** Whether the code is good and unused; its step is recorded, so the same code (seen over a shoulder) fails next. */
  private async takeCode(row: AccountRow, code: string): Promise<boolean> {
    const step = totpStep(this.deps.box.open(row.totp_secret), code, this.now, row.totp_last_step);
    return step !== null && this.deps.accounts.takeTotpStep(row.id, row.totp_last_step, step);
  }

  private async queueLink(payload: StaffLinkPayload): Promise<void> {
    const nonce = randomBytes(8).toString('hex');
    await this.deps.outbox.enqueue(this.deps.db, 'staff.link', payload, `staff.link:${nonce}`);
    this.deps.onQueued();
  }
}
