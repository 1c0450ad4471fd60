import { Code, OrderLookupMethod, messages } from '@return-center/contract';
import {
  isEmail,
  isLookupContact,
  isOrderNumber,
  isPhone,
  normalizeGiftCode,
  normalizeOrderNumber,
  normalizePhone,
  normalizePostcode,
} from '@return-center/domain';
import { randomUUID } from 'node:crypto';
import type { StorePlatform } from '../../adapters/store-platform/port.js';
import { AppError, errors } from '../../http/app-error.js';
import type { Db } from '../../db/database.js';
import type { Outbox } from '../jobs/outbox.js';
import type { Shop } from '../storefront-config/shop.js';
import { giftCodeOf, isGiftCode } from './gift-codes.js';
import { LIMITS, type Limit, type RateLimiter } from './rate-limiter.js';
import type { Session, Sessions } from './sessions.js';
import type { VerificationCodes } from './verification-codes.js';

interface LoginInput {
  email: string;
  order_number: string;
  code: string;
}

const lookupFailure: Record<number, string> = {
  [OrderLookupMethod.Email]: messages.invalidOrderAndEmail,
  [OrderLookupMethod.Phone]: messages.invalidOrderAndPhone,
  [OrderLookupMethod.EmailOrPhone]: messages.invalidOrderAndEmailOrPhone,
};

export class AuthService {
  constructor(
    private readonly deps: {
      platform: StorePlatform;
      sessions: Sessions;
      codes: VerificationCodes;
      limiter: RateLimiter;
      db: Db;
      outbox: Outbox;
      /** Called after a job is queued, so a local worker can pick it up at once. */
      onQueued: () => void;
      codeTtlMinutes: number;
      /** The secret gift codes are derived with (ADR 044). */
      giftSecret: string;
      limits?: Record<keyof typeof LIMITS, Limit>;
    },
  ) {}

  private get limits() {
    return this.deps.limits ?? LIMITS;
  }

  /**
   * Sign-in tries are counted per identifier and client together, per client, and per identifier over a short window:
   * a stranger who guesses at an order number locks out only themselves. Only a storm from many addresses fills the
   * one-minute window, and it frees a minute after the storm; order-number tries never touch the emailed-code path,
   * which stays open throughout.
   */
  private loginBuckets(identifier: string, ip: string): [string, Limit][] {
    return [
      [`login:${identifier}:ip:${ip}`, this.limits.loginPerIdentifier],
      [`login:${identifier}`, this.limits.loginPerIdentifierSlowDown],
      [`login:ip:${ip}`, this.limits.loginPerIp],
    ];
  }

  /** Always answers the same whether or not the email has orders, so it cannot be used to probe customers. */
  async sendCode(shop: Shop, email: string, lang: string, ip: string): Promise<{ expires_in: number }> {
    const allowed = await this.deps.limiter.hitAll([
      [`code-send:email:${shop.id}:${email}`, this.limits.codeSendPerEmail],
      [`code-send:ip:${ip}`, this.limits.codeSendPerIp],
    ]);
    if (!allowed) throw errors.rateLimited();
    await this.deps.outbox.enqueue(
      this.deps.db,
      'auth.send-code',
      { shopId: shop.id, email, lang },
      `code:${randomUUID()}`,
    );
    this.deps.onQueued();
    return { expires_in: this.deps.codeTtlMinutes * 60 };
  }

  async login(shop: Shop, input: LoginInput, ip: string) {
    return input.code ? this.loginWithCode(shop, input, ip) : this.loginWithOrder(shop, input, ip);
  }

  private async loginWithCode(shop: Shop, input: LoginInput, ip: string) {
    const email = input.email.trim().toLowerCase();
    if (!isEmail(email)) throw errors.invalidInput(messages.invalidEmail);
    const allowed = await this.deps.limiter.hitAll(this.loginBuckets(`email:${shop.id}:${email}`, ip));
    if (!allowed) throw errors.rateLimited();
    if (!(await this.deps.codes.verify(shop.id, email, input.code))) {
      throw new AppError(Code.InvalidVerificationCode, messages.invalidCode);
    }
    const session = await this.deps.sessions.create(shop.id, email, null);
    return { token: session.token, expires_at: session.expiresAt, email, order_id: null };
  }

  private async loginWithOrder(shop: Shop, input: LoginInput, ip: string) {
    const method = shop.settings.text.order_lookup_method;
    const failure = lookupFailure[method] ?? messages.invalidOrderAndEmail;
    if (!input.order_number || !isOrderNumber(input.order_number))
      throw errors.invalidInput(messages.invalidOrderNumber);
    const identifier = input.email.trim();
    if (!isLookupContact(method, identifier)) throw errors.invalidInput(failure);

    const orderNumber = normalizeOrderNumber(input.order_number);
    const allowed = await this.deps.limiter.hitAll(this.loginBuckets(`order:${shop.id}:${orderNumber}`, ip));
    if (!allowed) throw errors.rateLimited();

    const order = await this.deps.platform.findOrderByNumber(shop.id, orderNumber);
    const matches =
      order !== null &&
      ((method !== OrderLookupMethod.Phone &&
        isEmail(identifier) &&
        order.email.toLowerCase() === identifier.toLowerCase()) ||
        (method !== OrderLookupMethod.Email &&
          isPhone(identifier) &&
          normalizePhone(order.phone) === normalizePhone(identifier)));
    // One answer for "no such order" and "wrong email or phone".
    if (!order || !matches) throw new AppError(Code.OrderNotFound, failure);
    const session = await this.deps.sessions.create(shop.id, order.email, order.id);
    return { token: session.token, expires_at: session.expiresAt, email: order.email, order_id: order.id };
  }

  /**
   * A gift recipient's sign-in (ADR 044): the order number with its shipping postcode (without case or spaces) or its
   * gift code, under the order-number login's limits (the same buckets, so the two paths share their tries). A wrong
   * postcode answers exactly like an unknown order. The session is the recipient's email's, for that order only.
   */
  async giftLogin(shop: Shop, input: { order_number: string; postcode: string; email: string }, ip: string) {
    if (!shop.settings.gift_returns.enabled) throw new AppError(Code.Forbidden, messages.giftReturnsOff);
    if (!isOrderNumber(input.order_number)) throw errors.invalidInput(messages.invalidOrderNumber);
    const orderNumber = normalizeOrderNumber(input.order_number);
    const allowed = await this.deps.limiter.hitAll(this.loginBuckets(`order:${shop.id}:${orderNumber}`, ip));
    if (!allowed) throw errors.rateLimited();
    const order = await this.deps.platform.findOrderByNumber(shop.id, orderNumber);
    const given = normalizePostcode(input.postcode);
    const matches =
      order !== null &&
      ((order.shippingAddress !== null && given !== '' && normalizePostcode(order.shippingAddress.zip) === given) ||
        isGiftCode(normalizeGiftCode(input.postcode), giftCodeOf(this.deps.giftSecret, shop.id, order.platformId)));
    if (!order || !matches) throw new AppError(Code.OrderNotFound, messages.invalidOrderAndPostcode);
    const session = await this.deps.sessions.create(shop.id, input.email, order.id, true);
    return { token: session.token, expires_at: session.expiresAt, email: input.email, order_id: order.id };
  }

  /** The gift code of an order, by its number, for the merchant to print on its packing slip (ADR 044). */
  async giftCode(shop: Shop, orderNumber: string): Promise<{ order_name: string; gift_code: string }> {
    const order = await this.deps.platform.findOrderByNumber(shop.id, normalizeOrderNumber(orderNumber));
    if (!order) throw errors.notFound();
    return { order_name: order.name, gift_code: giftCodeOf(this.deps.giftSecret, shop.id, order.platformId) };
  }

  logout(session: Session): Promise<void> {
    return this.deps.sessions.revoke(session);
  }
}
