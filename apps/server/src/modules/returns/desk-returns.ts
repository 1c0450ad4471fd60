import { Code, isId, SolutionId, type DeskOrder, type DeskQuote } from '@return-center/contract';
import { allowedShippingMethods, deskEditable, deskOutcomeOf, exchangeCredit } from '@return-center/domain';
import type { PlatformOrder, StorePlatform } from '../../adapters/store-platform/port.js';
import { AppError, errors } from '../../http/app-error.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { RequestEdits } from '../requests/request-edits.js';
import type { RequestRecord } from '../requests/request-record.js';
import type { RequestReads } from '../requests/request-reads.js';
import type { Shop } from '../storefront-config/shop.js';
import { DESK_METHODS, DESK_SOLUTIONS, type Choice } from './desk-input.js';
import { deskEditNote } from './desk-edit-note.js';
import { choicesOf } from './return-policy.js';
import type { ReturnsService } from './returns.service.js';
import { checkedItems } from './submit-checks.js';
import {
  deskOnly,
  explainRefused,
  productsOf,
  refusedAs422,
  selectedOf,
  shopperOf,
  staffName,
  submitOf,
} from './desk-input.js';

/**
 * Returns staff make or change for a shopper (issue 33 point 4). Nothing here decides a rule: the order's lines, the
 * money, the offers and the checks are the portal's own (OrdersService.load, ReturnsService.evaluate and submit,
 * checkedItems), run as the order's shopper would run them. A refusal names its field with 422.
 */
export class DeskReturns {
  constructor(
    private readonly deps: {
      platform: StorePlatform;
      orders: OrdersService;
      returns: ReturnsService;
      reads: RequestReads;
      edits: RequestEdits;
    },
  ) {}

  /** The shop's order by number (`1001`, `#1001`) or id; with `email`, only if it is the order's. Else 404. */
  async findOrder(shop: Shop, ref: string, email?: string): Promise<PlatformOrder> {
    const { platform } = this.deps;
    const byNumber = await platform.findOrderByNumber(shop.id, ref.replace(/^#/, ''));
    const order =
      byNumber ?? (/^\d+$/.test(ref) && isId(Number(ref)) ? await platform.getOrder(shop.id, Number(ref)) : null);
    if (!order || (email && order.email.toLowerCase() !== email.toLowerCase())) throw errors.notFound();
    return order;
  }

  /** What the order allows; with `request` (one of its requests being changed), that request's lines count too. */
  async order(shop: Shop, ref: string, { email, request }: { email?: string; request?: number }): Promise<DeskOrder> {
    const order = await this.findOrder(shop, ref, email);
    await this.checkRequest(shop, order, request);
    const { source } = await this.deps.orders.load(shop, shopperOf(shop, order), order.id, request);
    return {
      order: {
        ...source,
        returnSolution: source.returnSolution.filter((s) => DESK_SOLUTIONS.includes(s.id)),
        returnShippingMethod: source.returnShippingMethod.filter((m) => DESK_METHODS.includes(m.id)),
      },
      customer_email: order.email,
      reasons: this.deps.returns.reasons(shop),
    };
  }

  /** The money and offers of a return being put together, as the portal's review step shows them. */
  async quote(
    shop: Shop,
    body: Choice & { order_id: number; solution_id: number; request?: number },
  ): Promise<DeskQuote> {
    const order = await this.ownOrder(shop, body.order_id);
    await this.checkRequest(shop, order, body.request);
    const session = shopperOf(shop, order);
    return refusedAs422(async () => {
      const { source } = await this.deps.orders.load(shop, session, order.id, body.request);
      explainRefused(source, body.items);
      const { money, green, offers } = await this.deps.returns.evaluate(
        shop,
        session,
        order.id,
        selectedOf(body.items),
        {
          shippingMethodId: body.shipping_method_id,
          solutionId: body.solution_id,
          choices: choicesOf(shop, productsOf(shop, body.items)),
          exceptRequest: body.request,
        },
      );
      const allowed = allowedShippingMethods(
        offers.methods.map((m) => m.id),
        body.solution_id,
        { delivery_date_check: green, pickup_is_ok: false },
      );
      return {
        money: {
          ...money,
          exchange_amount: exchangeCredit(body.solution_id, money),
          currency: source.total_price_set.currency,
          currency_format: source.total_price_set.currency_format,
        },
        solutions: offers.solutions.filter((s) => DESK_SOLUTIONS.includes(s.id)),
        methods: offers.methods.filter((m) => allowed.includes(m.id) && DESK_METHODS.includes(m.id)),
      };
    });
  }

  /** Submits the return as the order's shopper would (same checks, emails and jobs), then says who made it. */
  async create(
    shop: Shop,
    body: Choice & { order_id: number; solution_id: number; language: string; idempotency_key: string },
    actor: string,
    ip: string,
  ): Promise<number> {
    const order = await this.ownOrder(shop, body.order_id);
    deskOnly(body.solution_id, body.shipping_method_id);
    const session = shopperOf(shop, order);
    const { request_id } = await refusedAs422(async () => {
      const { source } = await this.deps.orders.load(shop, session, order.id);
      if (source.request_id === null) explainRefused(source, body.items);
      const input = submitOf(shop, body, { solution_id: body.solution_id, language: body.language });
      return this.deps.returns.submit(shop, session, { ...input, idempotency_key: body.idempotency_key }, ip);
    });
    await this.deps.edits.recordCreated(request_id, actor, `created by ${staffName(actor)} for the shopper`);
    return request_id;
  }

  /** Changes a pending request's items and method under the same rules; the timeline says what changed. */
  async edit(shop: Shop, record: RequestRecord, body: Choice, actor: string): Promise<RequestRecord> {
    if (!deskEditable(record))
      throw new AppError(
        Code.IllegalTransition,
        record.solution_id === SolutionId.Exchange
          ? "An exchange's new items are held: reject it and make a new return"
          : 'Items and method can only be changed while the request is pending review',
        409,
      );
    if (body.shipping_method_id !== record.shipping_method_id) deskOnly(record.solution_id, body.shipping_method_id);
    const order = await this.ownOrder(shop, record.order_id);
    const session = shopperOf(shop, order);
    const before = await this.deps.reads.items(record.id);
    const proofs = new Map(before.map((item) => [item.order_line_id, JSON.parse(item.proof || '[]') as string[]]));
    await refusedAs422(async () => {
      const base = { ...record, order_id: order.id, ...body };
      const input = submitOf(shop, base, { solution_id: record.solution_id, language: record.language }, proofs);
      // Why a line the order does not allow is refused, before the portal's check says only that it is not one.
      explainRefused((await this.deps.orders.load(shop, session, order.id, record.id)).source, body.items);
      const evaluated = await this.deps.returns.evaluate(shop, session, order.id, selectedOf(body.items), {
        shippingMethodId: body.shipping_method_id,
        solutionId: record.solution_id,
        choices: choicesOf(shop, input.order_product),
        exceptRequest: record.id,
      });
      const { items } = checkedItems(shop, input, evaluated, choicesOf(shop, input.order_product));
      const { money, decided } = evaluated;
      const note = deskEditNote(shop, record, before, items, body.shipping_method_id, money.total);
      if (note === '') return;
      await this.deps.edits.replaceItems(record, {
        shipping_method_id: body.shipping_method_id,
        refund: money.total,
        money: JSON.stringify(money),
        rule_set_version: decided.version,
        decided_by: JSON.stringify(decided.decision.decidedBy),
        rule_outcome: JSON.stringify(deskOutcomeOf(decided.decision)),
        items,
        actor,
        note,
      });
    });
    const updated = await this.deps.reads.byId(record.id);
    if (!updated) throw errors.notFound();
    return updated;
  }

  /** A request being changed must be one of this order's (else 404, as for another shop's). */
  private async checkRequest(shop: Shop, order: PlatformOrder, request: number | undefined): Promise<void> {
    if (request === undefined) return;
    const record = await this.deps.reads.byId(request);
    if (!record || record.shop_id !== shop.id || record.order_id !== order.id) throw errors.notFound();
  }

  private async ownOrder(shop: Shop, orderId: number): Promise<PlatformOrder> {
    const order = await this.deps.platform.getOrder(shop.id, orderId);
    if (!order) throw errors.notFound();
    return order;
  }
}
