import { messages, type calls } from '@return-center/contract';
import { isIban, maskedIban, normalizeIban } from '@return-center/domain';
import type { z } from 'zod';
import type { BankPayouts } from '../../adapters/bank-payout/port.js';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { errors } from '../../http/app-error.js';
import { LIMITS, type RateLimiter } from '../auth/rate-limiter.js';
import type { Session } from '../auth/sessions.js';
import type { OrdersService } from '../orders/orders.service.js';

type PayeeInput = z.output<typeof calls.wiseCustomerCreate.payload>;

/** The shopper's bank account for a bank-transfer refund (solution 6), created at the payout provider. */
export class PayoutsService {
  constructor(
    private readonly deps: {
      db: Db;
      payouts: BankPayouts;
      orders: OrdersService;
      limiter: RateLimiter;
      clock: Clock;
    },
  ) {}

  async createPayee(session: Session, input: PayeeInput): Promise<{ account_id: string }> {
    await this.deps.orders.ownedOrder(session, input.order_id);
    if (!isIban(input.iban)) throw errors.invalidInput(`iban: ${messages.invalidIban}`);
    if (!(await this.deps.limiter.hit(`payee:${session.tokenHash}`, LIMITS.payeesPerSession)))
      throw errors.rateLimited();
    const iban = normalizeIban(input.iban);
    const holder = `${input.name} ${input.surname}`;
    const { accountId } = await this.deps.payouts.createRecipient({ holder, iban, currency: input.currency });
    await this.deps.db
      .insertInto('payout_recipients')
      .values({
        shop_id: session.shopId,
        account_id: accountId,
        order_id: input.order_id,
        holder,
        iban_last4: iban.slice(-4),
        currency: input.currency,
        created_at: nowSeconds(this.deps.clock),
      })
      .onConflict((oc) => oc.columns(['shop_id', 'order_id', 'account_id']).doNothing())
      .execute();
    return { account_id: accountId };
  }

  /**
   * The bank account the order's shopper gave last, as orderInfo hands it back (spec §3 customer_wise_*), so that a
   * returning shopper need not type it again: the IBAN masked to its last four characters. Nothing when there is none.
   */
  async savedPayee(shopId: number, orderId: number) {
    const row = await this.deps.db
      .selectFrom('payout_recipients')
      .select(['account_id', 'holder', 'iban_last4', 'currency'])
      .where('shop_id', '=', shopId)
      .where('order_id', '=', orderId)
      .orderBy('created_at', 'desc')
      .orderBy('account_id', 'desc')
      .executeTakeFirst();
    if (!row) return {};
    return {
      customer_wise_name: row.holder,
      customer_wise_iban: maskedIban(row.iban_last4),
      wise_account_id: row.account_id,
      customer_wise_currency: row.currency,
    };
  }

  /** The payee an order's shopper created, or undefined: a submit can name only an account of its own order. */
  payeeOf(shopId: number, orderId: number, accountId: string) {
    return this.deps.db
      .selectFrom('payout_recipients')
      .selectAll()
      .where('shop_id', '=', shopId)
      .where('order_id', '=', orderId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }
}
