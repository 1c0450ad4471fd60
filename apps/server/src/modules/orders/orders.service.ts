import type { OrderSource, OrderSummary, ReturnListItem, RuleSet } from '@return-center/contract';
import { present } from '@return-center/domain';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { PlatformOrder, StorePlatform } from '../../adapters/store-platform/port.js';
import { errors } from '../../http/app-error.js';
import type { Session } from '../auth/sessions.js';
import type { RulesService } from '../rules/rules.service.js';
import type { Shop } from '../storefront-config/shop.js';
import { buildOrderSource, classifyLines, currencyFormat, openRequest } from './order-source.js';
import type { OrdersRepository } from './orders.repository.js';

/**
 * Whether a session sees a request of its order (ADR 044): a gift recipient only the gift returns made with their
 * email; the buyer not the gift returns of their order, unless the shop tells the buyer about them.
 */
export const seesRequest = (shop: Shop, session: Session, request: { gift_email: string }) =>
  session.gift
    ? request.gift_email === session.email.toLowerCase()
    : request.gift_email === '' || shop.settings.gift_returns.tell_buyer;

export class OrdersService {
  constructor(
    private readonly platform: StorePlatform,
    private readonly repository: OrdersRepository,
    private readonly rules: RulesService,
    private readonly clock: Clock,
  ) {}

  /** The shop's rules on a return of the whole order, before the shopper chooses (every line, all its units). */
  private decideWhole(shop: Shop, order: PlatformOrder, now: number, set?: RuleSet) {
    const items = order.lines.map((line) => ({ line, quantity: line.quantity }));
    // As for a refund of nothing: whether keeping the item could be offered at all (the chosen items decide it).
    return this.rules.decide(shop, order, { items, refundValue: 0 }, now, set);
  }

  /** The orders this session may see: the one proven order, or every order of the proven email. */
  private async sessionOrders(session: Session): Promise<PlatformOrder[]> {
    if (session.orderId !== null) {
      const order = await this.platform.getOrder(session.shopId, session.orderId);
      return order ? [order] : [];
    }
    return this.platform.listOrdersByEmail(session.shopId, session.email);
  }

  /** Ownership check for every object-level call: the order must be one of the session's. */
  async ownedOrder(session: Session, orderId: number): Promise<PlatformOrder> {
    if (session.orderId !== null && session.orderId !== orderId) throw errors.notFound();
    const order = await this.platform.getOrder(session.shopId, orderId);
    // A gift recipient proved the order itself (its postcode or gift code), not its email (ADR 044).
    if (!order || (!session.gift && order.email.toLowerCase() !== session.email.toLowerCase())) throw errors.notFound();
    return order;
  }

  async list(shop: Shop, session: Session, search: string): Promise<OrderSummary[]> {
    const needle = search.replace(/^#/, '').trim().toUpperCase();
    const orders = (await this.sessionOrders(session)).filter(
      (o) => !needle || o.number.toUpperCase().includes(needle),
    );
    const ids = orders.map((o) => o.id);
    const { requested, requests } = await this.repository.requestsWithUnits(shop.id, ids);
    const now = nowSeconds(this.clock);
    const set = await this.rules.current(shop);
    const decided = await Promise.all(orders.map((order) => this.decideWhole(shop, order, now, set)));
    return orders.map((order, index) => {
      const { yes } = classifyLines(
        order,
        requested,
        requests,
        present(decided[index], 'the rules of each order').decision,
        now,
      );
      // The buyer's list does not show a gift return's progress, nor a recipient the buyer's (ADR 044).
      const latest = requests.find((r) => r.order_id === order.id && seesRequest(shop, session, r)) ?? null;
      return {
        id: order.id,
        order_name: order.name,
        order_create_time: order.createdAt,
        item_count: order.lines.reduce((sum, l) => sum + l.quantity, 0),
        returnable_count: openRequest(requests, order.id) ? 0 : yes.reduce((sum, l) => sum + l.refundable_quantity, 0),
        total_price_set: {
          currency: order.currency,
          currency_format: currencyFormat(order.currency, shop),
          money: order.total,
        },
        request_id: latest?.id ?? null,
        request_status: latest?.status ?? null,
      };
    });
  }

  /**
   * The owned order with its portal view (returnable and non-returnable lines, options), and the rule set that
   * decided it, for a caller that goes on to decide the chosen lines with the same rules. A request being changed at
   * the desk (`exceptRequest`) is left out, so that its own lines count as returnable again.
   */
  async load(
    shop: Shop,
    session: Session,
    orderId: number,
    exceptRequest?: number,
  ): Promise<{ order: PlatformOrder; source: OrderSource; rules: RuleSet }> {
    const order = await this.ownedOrder(session, orderId);
    const { requested, requests } = await this.repository.requestsWithUnits(shop.id, [order.id], exceptRequest);
    const now = nowSeconds(this.clock);
    const rules = await this.rules.current(shop);
    const { decision } = await this.decideWhole(shop, order, now, rules);
    const lines = classifyLines(order, requested, requests, decision, now);
    return { order, source: buildOrderSource(shop, order, lines, requests, decision), rules };
  }

  async info(shop: Shop, session: Session, orderId: number): Promise<OrderSource> {
    return (await this.load(shop, session, orderId)).source;
  }

  async returnList(shop: Shop, session: Session, orderId: number | undefined): Promise<ReturnListItem[]> {
    const orders =
      orderId === undefined ? await this.sessionOrders(session) : [await this.ownedOrder(session, orderId)];
    const requests = await this.repository.requestsFor(
      shop.id,
      orders.map((o) => o.id),
    );
    return requests
      .filter((r) => seesRequest(shop, session, r))
      .map((r) => ({
        id: r.id,
        order_id: r.order_id,
        order_no: orders.find((o) => o.id === r.order_id)?.name ?? '',
        status: r.status,
        solution_id: r.solution_id,
        shipping_method_id: r.shipping_method_id,
        created_at: r.created_at,
        refund: r.refund,
        currency: r.currency,
      }));
  }
}
