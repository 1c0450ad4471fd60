import {
  Code,
  rmaReference,
  withdrawalReference,
  type linkWithdrawalToOrderBody,
  type MerchantWithdrawal,
  type WithdrawalOrder,
} from '@return-center/contract';
import { withinWithdrawalPeriod } from '@return-center/domain';
import type { z } from 'zod';
import type { PlatformOrder, StorePlatform } from '../../adapters/store-platform/port.js';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, errors } from '../../http/app-error.js';
import type { Outbox } from '../jobs/outbox.js';
import { announce } from '../requests/announce.js';
import type { NewRequestsService } from '../requests/new-requests.service.js';
import type { RequestEdits } from '../requests/request-edits.js';
import type { RequestReads } from '../requests/request-reads.js';
import type { Shop } from '../storefront-config/shop.js';
import { pickableItems, withdrawalRequest, withdrawnLines, type WithdrawnLine } from './withdrawal-request.js';
import { merchantView, type ListedWithdrawal, type WithdrawalsService } from './withdrawals.service.js';

type ToOrder = z.output<typeof linkWithdrawalToOrderBody>;

const hasRequest = () => new AppError(Code.IllegalTransition, 'The declaration already has a request', 409);
const hasOpenRequest = (id: number) =>
  new AppError(
    Code.IllegalTransition,
    `The order has an open request (${rmaReference(id)}): link the declaration to it`,
    409,
  );
const afterPeriod = (field: string) =>
  errors.unprocessable(field, "the declaration came after the shop's withdrawal period for this order");

/**
 * Declarations at the desk (ADR 046): staff link one that made no request (its order not found, another email, or the
 * order had an open request) to the order's open request, or make the order's withdrawal request as a matched
 * declaration would. The server decides whether it may: the shop's declaration and request, within the period counted
 * from the order's delivery to the declaration, once per declaration. The declaration stays as received; the link is
 * stored beside it and written on the request's timeline with who made it.
 */
export class WithdrawalDesk {
  constructor(
    private readonly deps: {
      db: Db;
      platform: StorePlatform;
      withdrawals: WithdrawalsService;
      requests: NewRequestsService;
      reads: Pick<RequestReads, 'byId'>;
      edits: RequestEdits;
      outbox: Outbox;
      clock: Clock;
      onQueued: () => void;
    },
  ) {}

  /** What staff need to decide on an order for the declaration: its items and email, the period, its open request. */
  async order(shop: Shop, id: number, orderNumber: string): Promise<WithdrawalOrder> {
    const declaration = await this.declaration(shop, id);
    const order = await this.orderNumbered(shop, orderNumber);
    const open = await this.deps.requests.openRequestOf(shop.id, order.id);
    return {
      order_id: order.id,
      order_name: order.name,
      customer_email: order.email,
      email_matches: order.email.toLowerCase() === declaration.email.toLowerCase(),
      items: pickableItems(order),
      within_period: this.within(shop, order, declaration),
      open_request: open ?? null,
    };
  }

  /** Links the declaration to an open request of the shop: the request becomes a withdrawal, due from the declaration. */
  async linkToRequest(shop: Shop, id: number, requestId: number, actor: string): Promise<MerchantWithdrawal> {
    const declaration = await this.unlinked(shop, id);
    const record = await this.deps.reads.byId(requestId);
    if (!record || record.shop_id !== shop.id) throw errors.unprocessable('request_id', 'no request of this shop');
    const order = await this.deps.platform.getOrder(shop.id, record.order_id);
    // An order the platform no longer has cannot end the period: the consumer keeps the right (ADR 046).
    if (order && !this.within(shop, order, declaration)) throw afterPeriod('request_id');
    await this.onceOnly(() =>
      this.deps.db.transaction().execute(async (trx) => {
        await this.link(trx, declaration, requestId, actor);
        await announce(this.deps.outbox, trx, requestId, 'request.updated', `withdrawal:${String(declaration.id)}`);
      }),
    );
    this.deps.onQueued();
    return this.view(shop, id);
  }

  /** Makes the order's withdrawal request for the declaration, as a matched declaration would, linked to it. */
  async linkToOrder(shop: Shop, id: number, body: ToOrder, actor: string) {
    const declaration = await this.unlinked(shop, id);
    const order = await this.orderNumbered(shop, body.order_number);
    if (!this.within(shop, order, declaration)) throw afterPeriod('order_number');
    const open = await this.deps.requests.openRequestOf(shop.id, order.id);
    if (open) throw hasOpenRequest(open.id);
    const lines = withdrawnLines(
      order,
      declaration.scope === 'items' ? 'items' : 'order',
      this.picked(declaration, body),
    );
    if (lines.length === 0) throw errors.unprocessable('items', 'name the items withdrawn, as the order holds them');
    const reference = withdrawalReference(declaration.id);
    const request = withdrawalRequest(order, lines, {
      shopId: shop.id,
      language: declaration.language,
      // One request per declaration, whoever links it and however often.
      key: `withdrawal:${reference}`,
      at: nowSeconds(this.deps.clock),
      declaredAt: declaration.declared_at,
      description: declaration.items_text,
    });
    const made = await this.onceOnly(() =>
      this.deps.requests.createUnlessOpen(request, async (trx, requestId) => {
        await this.link(trx, declaration, requestId, actor);
        await announce(this.deps.outbox, trx, requestId, 'request.created', 'submitted');
      }),
    );
    // Another request of the order since the check above.
    if ('open' in made) throw hasOpenRequest(made.open);
    this.deps.onQueued();
    return this.view(shop, id);
  }

  /** The link beside the declaration, and the request marked a withdrawal with a line on its timeline. */
  private async link(trx: Db, declaration: ListedWithdrawal, requestId: number, actor: string) {
    const at = nowSeconds(this.deps.clock);
    await trx
      .insertInto('withdrawal_links')
      .values({
        withdrawal_id: declaration.id,
        shop_id: declaration.shop_id,
        request_id: requestId,
        linked_by: actor,
        linked_at: at,
      })
      .execute();
    await this.deps.edits.recordWithdrawal(trx, requestId, {
      declaredAt: declaration.declared_at,
      actor,
      note: withdrawalReference(declaration.id),
    });
  }

  /** The items staff picked, else those the consumer picked (a declaration for the whole order takes every item). */
  private picked(declaration: ListedWithdrawal, body: ToOrder) {
    if (body.items.length > 0) return body.items;
    return (JSON.parse(declaration.items) as WithdrawnLine[]).map(({ line_item_id, quantity }) => ({
      line_item_id,
      quantity,
    }));
  }

  private within(shop: Shop, order: PlatformOrder, declaration: ListedWithdrawal) {
    return withinWithdrawalPeriod(order, shop.settings.withdrawal.period_days, declaration.declared_at).within;
  }

  private async orderNumbered(shop: Shop, orderNumber: string): Promise<PlatformOrder> {
    const order = await this.deps.platform.findOrderByNumber(shop.id, orderNumber);
    if (!order) throw errors.unprocessable('order_number', 'no order of this shop has this number');
    return order;
  }

  /** The shop's declaration (another shop's answers as one that does not exist). */
  private async declaration(shop: Shop, id: number): Promise<ListedWithdrawal> {
    const declaration = await this.deps.withdrawals.ofShop(shop.id, id);
    if (!declaration) throw errors.notFound();
    return declaration;
  }

  /** The shop's declaration, when it has no request yet (409 otherwise). */
  private async unlinked(shop: Shop, id: number): Promise<ListedWithdrawal> {
    const declaration = await this.declaration(shop, id);
    if (declaration.request_id !== null || declaration.linked_request_id !== null) throw hasRequest();
    return declaration;
  }

  /** A link racing another of the same declaration meets the link's primary key: the loser is told it has one. */
  private async onceOnly<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw hasRequest();
      throw error;
    }
  }

  private async view(shop: Shop, id: number): Promise<MerchantWithdrawal> {
    const declaration = await this.declaration(shop, id);
    return merchantView(declaration, declaration);
  }
}
