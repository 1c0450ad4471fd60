import {
  withdrawalReference,
  type MerchantWithdrawal,
  type withdrawalListQuery,
  type WithdrawalDeclarationInput,
  type withdrawalDeclaration,
} from '@return-center/contract';
import { withdrawalOn, withdrawalRefundBy, withinWithdrawalPeriod } from '@return-center/domain';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { PlatformOrder, StorePlatform } from '../../adapters/store-platform/port.js';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { WithdrawalsTable } from '../../db/withdrawals-schema.js';
import { errors } from '../../http/app-error.js';
import type { Insertable, Selectable } from 'kysely';
import { LIMITS, type RateLimiter } from '../auth/rate-limiter.js';
import type { Outbox } from '../jobs/outbox.js';
import { announce } from '../requests/announce.js';
import type { NewRequestsService } from '../requests/new-requests.service.js';
import type { Shop } from '../storefront-config/shop.js';
import { pickableItems, withdrawalRequest, withdrawnLines, type WithdrawnLine } from './withdrawal-request.js';

type Declaration = z.output<typeof withdrawalDeclaration>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** Whether the shop offers the withdrawal function (its setting, or its currency and country). */
export const offersWithdrawal = (shop: Shop) =>
  withdrawalOn(shop.settings.withdrawal, {
    currency: shop.currency,
    countryCode: shop.settings.return_address.country_code,
  });

/**
 * The EU withdrawal function (issue 35 point 1, ADR 046): step 1's items, step 2's declaration, and the merchant's
 * list. A declaration is stored as submitted and acknowledged whether or not its order is found, and answers the
 * same either way; a found order's declaration within the period becomes a request of its own type.
 */
export class WithdrawalsService {
  constructor(
    private readonly deps: {
      db: Db;
      platform: StorePlatform;
      limiter: RateLimiter;
      requests: NewRequestsService;
      outbox: Outbox;
      clock: Clock;
      onQueued: () => void;
      limits?: Pick<typeof LIMITS, 'withdrawalPerIdentifier' | 'withdrawalPerIp'>;
    },
  ) {}

  /** The order's items for step 1, only when the number and email are the order's; else none, the same way. */
  async items(shop: Shop, input: { order_number: string; email: string }, ip: string) {
    const order = await this.matchingOrder(shop, input, ip);
    return { items: order ? pickableItems(order) : [] };
  }

  async declare(shop: Shop, input: Declaration, ip: string): Promise<{ reference: string; declared_at: number }> {
    const order = await this.matchingOrder(shop, input, ip);
    const at = nowSeconds(this.deps.clock);
    const lines = order ? withdrawnLines(order, input.scope, input.items) : [];
    const within = order ? withinWithdrawalPeriod(order, shop.settings.withdrawal.period_days, at).within : null;
    const row: Insertable<WithdrawalsTable> = {
      shop_id: shop.id,
      name: input.name,
      email: input.email,
      order_number: input.order_number,
      scope: input.scope,
      items: JSON.stringify(lines),
      items_text: input.items_text,
      language: input.lang,
      order_id: order?.id ?? null,
      request_id: null,
      within_period: within === null ? null : within ? 1 : 0,
      declared_at: at,
    };
    let id: number | undefined;
    if (order && within && lines.length > 0) {
      const request = withdrawalRequest(order, lines, {
        shopId: shop.id,
        language: input.lang,
        key: `withdrawal:${randomUUID()}`,
        at,
        declaredAt: at,
        description: input.items_text,
      });
      await this.deps.requests.createUnlessOpen(request, async (trx, requestId) => {
        id = await this.store(trx, { ...row, request_id: requestId });
        // The shop's other systems hear of it as of any new request (webhooks, the event feed), with the same key.
        await announce(this.deps.outbox, trx, requestId, 'request.created', 'submitted');
      });
    }
    // Not found, after the period, nothing of the order named, or the order already has an open request: stored alone.
    id ??= await this.deps.db.transaction().execute((trx) => this.store(trx, row));
    this.deps.onQueued();
    return { reference: withdrawalReference(id), declared_at: at };
  }

  /** The shop's declarations, newest first, `limit` at a time; with `request: 'none'`, only those without a request. */
  async list(shop: Shop, query: z.output<typeof withdrawalListQuery>) {
    let select = this.listed(shop.id)
      .orderBy('withdrawals.id', 'desc')
      .limit(query.limit + 1);
    if (query.request === 'none')
      select = select.where('withdrawals.request_id', 'is', null).where('withdrawal_links.withdrawal_id', 'is', null);
    if (query.cursor !== undefined) select = select.where('withdrawals.id', '<', query.cursor);
    const rows = await select.execute();
    const page = rows.slice(0, query.limit);
    return {
      items: page.map((row) => merchantView(row, row)),
      next_cursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    };
  }

  byId(id: number): Promise<WithdrawalRow | undefined> {
    return this.deps.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** One of the shop's declarations with its link, if any (another shop's is none). */
  ofShop(shopId: number, id: number): Promise<ListedWithdrawal | undefined> {
    return this.listed(shopId).where('withdrawals.id', '=', id).executeTakeFirst();
  }

  /** The shop's declarations, each with the desk's link when staff made one. */
  private listed(shopId: number) {
    return this.deps.db
      .selectFrom('withdrawals')
      .leftJoin('withdrawal_links', 'withdrawal_links.withdrawal_id', 'withdrawals.id')
      .selectAll('withdrawals')
      .select([
        'withdrawal_links.request_id as linked_request_id',
        'withdrawal_links.linked_by',
        'withdrawal_links.linked_at',
      ])
      .where('withdrawals.shop_id', '=', shopId);
  }

  /** Inserts the declaration (never updated) and queues its acknowledgement, in the caller's transaction. */
  private async store(trx: Db, row: Insertable<WithdrawalsTable>): Promise<number> {
    const { id } = await trx.insertInto('withdrawals').values(row).returning('id').executeTakeFirstOrThrow();
    await this.deps.outbox.enqueue(trx, 'withdrawal.acknowledge', { withdrawalId: id }, `withdrawal:${String(id)}`);
    return id;
  }

  /**
   * The shop's order with this number and email, or null: one answer for "no such order" and "another email", under
   * the sign-in's limits per identifier and per address (DESIGN §5). A shop without the function has none to offer.
   */
  private async matchingOrder(
    shop: Shop,
    input: Pick<WithdrawalDeclarationInput, 'order_number' | 'email'>,
    ip: string,
  ): Promise<PlatformOrder | null> {
    if (!offersWithdrawal(shop)) throw errors.notFound();
    const limits = this.deps.limits ?? LIMITS;
    const allowed = await this.deps.limiter.hitAll([
      [`withdrawal:${String(shop.id)}:${input.order_number}:ip:${ip}`, limits.withdrawalPerIdentifier],
      [`withdrawal:ip:${ip}`, limits.withdrawalPerIp],
    ]);
    if (!allowed) throw errors.rateLimited();
    const order = await this.deps.platform.findOrderByNumber(shop.id, input.order_number);
    return order && order.email.toLowerCase() === input.email.toLowerCase() ? order : null;
  }
}

/** The desk's link of a declaration to a request (all null when there is none). */
interface LinkColumns {
  linked_request_id: number | null;
  linked_by: string | null;
  linked_at: number | null;
}
export type ListedWithdrawal = WithdrawalRow & LinkColumns;

/** A stored declaration as the merchant API shows it, with the request it became or staff linked it to. */
export function merchantView(row: WithdrawalRow, link?: LinkColumns): MerchantWithdrawal {
  const linked = link?.linked_request_id ?? null;
  return {
    id: row.id,
    reference: withdrawalReference(row.id),
    name: row.name,
    email: row.email,
    order_number: row.order_number,
    scope: row.scope === 'items' ? 'items' : 'order',
    items: (JSON.parse(row.items) as WithdrawnLine[]).map(({ line_item_id, title, quantity }) => ({
      line_item_id,
      title,
      quantity,
    })),
    items_text: row.items_text,
    language: row.language,
    declared_at: row.declared_at,
    refund_by: withdrawalRefundBy(row.declared_at),
    matched: row.order_id !== null,
    request_id: row.request_id ?? linked,
    linked: linked === null ? null : { by: link?.linked_by ?? '', at: link?.linked_at ?? 0 },
    within_period: row.within_period === null ? null : row.within_period === 1,
  };
}
