import { DEFAULT_LANGUAGE, SolutionId, type Reason } from '@return-center/contract';
import { allowedShippingMethods, deskOutcomeOf, exchangeCredit, giftSolutions } from '@return-center/domain';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import { errors } from '../../http/app-error.js';
import type { Session } from '../auth/sessions.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { Shop } from '../storefront-config/shop.js';
import type { Outbox } from '../jobs/outbox.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { DraftOrder, PlatformOrder } from '../../adapters/store-platform/port.js';
import { exchangeItemsOf, orderSnapshot, type NewRequest } from '../requests/new-request.js';
import type { NewRequestsService } from '../requests/new-requests.service.js';
import { reasonsIn } from './reason-locales.js';
import { checkSelection, moneyFor, type SelectedLine } from './selection.js';
import { returnedItemOf, type Asker, type ExchangeDrafts } from './exchange-reservation.js';
import { answerRepeat, fingerprintOf, type SubmitInput } from './submit-repeat.js';
import type { PayoutsService } from '../payouts/payouts.service.js';
import { pickupAndPayee } from './pickup-and-payee.js';
import { queueSubmitted } from './submit-jobs.js';
import type { RulesService } from '../rules/rules.service.js';
import type { ItemChoice } from '../rules/rule-facts.js';
import { choicesOf, draftItems, moneyUnderRules, offersUnderRules } from './return-policy.js';
import { checkedItems } from './submit-checks.js';
import { offeredRelease, type HoldColumns, type InstantHolds } from './instant-holds.js';

type Evaluated = Awaited<ReturnType<ReturnsService['evaluate']>>;

export const askerOf = (session: Session, ip: string): Asker => ({ tokenHash: session.tokenHash, ip });
/** The order an exchange's draft is made from: a gift recipient's exchange goes to their own email (ADR 044). */
export const draftSource = (session: Session, order: PlatformOrder) =>
  session.gift ? { ...order, email: session.email } : order;

export class ReturnsService {
  constructor(
    private readonly orders: OrdersService,
    private readonly repository: NewRequestsService,
    private readonly outbox: Outbox,
    private readonly uploads: UploadsService,
    private readonly drafts: ExchangeDrafts,
    private readonly clock: Clock,
    private readonly payees: PayoutsService,
    private readonly rules: RulesService,
    private readonly holds: InstantHolds,
  ) {}

  /** The merchant's reasons in the shopper's language (see reasonText for the order of preference). */
  reasons(shop: Shop, lang: string = DEFAULT_LANGUAGE): Reason[] {
    return reasonsIn(shop.settings.reasons, lang);
  }

  /**
   * Everything the later steps need for the chosen lines, as the shop's rules decide them (with the shopper's answers
   * when `choices` has them): money, whether the item may be kept, solutions and methods. With `forSubmit`,
   * an order that already has an open request answers 1067 first (spec §4), before its lines, now held by that
   * request, could fail the selection check.
   */
  async evaluate(
    shop: Shop,
    session: Session,
    orderId: number,
    selected: SelectedLine[],
    {
      shippingMethodId,
      solutionId,
      forSubmit = false,
      choices,
      exceptRequest,
    }: {
      shippingMethodId?: number;
      solutionId?: number;
      forSubmit?: boolean;
      choices?: Map<number, ItemChoice>;
      /** A request being changed: its own lines count as still returnable (ADR 038). */
      exceptRequest?: number;
    } = {},
  ) {
    const { source, order, rules } = await this.orders.load(shop, session, orderId, exceptRequest);
    if (forSubmit && source.request_id !== null) throw errors.alreadyProcessing({ request_id: source.request_id });
    const chosen = checkSelection(source, selected);
    const base = moneyFor(shop, order, source, chosen, shippingMethodId);
    const decided = await this.rules.decide(
      shop,
      order,
      { items: draftItems(order, chosen, choices), solutionId, methodId: shippingMethodId, refundValue: base.refund },
      nowSeconds(this.clock),
      rules,
    );
    const money = moneyUnderRules(shop, order, chosen, base, decided.decision, solutionId);
    const green = decided.decision.keepItem?.allow ?? false;
    const offers = offersUnderRules(shop, source, decided.decision);
    // A gift recipient chooses among the solutions the shop allows gift returns (ADR 044); a submit is held to them.
    if (session.gift) offers.solutions = giftSolutions(offers.solutions, shop.settings.gift_returns.solutions);
    return { source, order, chosen, money, green, decided, offers };
  }

  async orderConfig(
    shop: Shop,
    session: Session,
    input: { order_id: number; refund_line_items: SelectedLine[]; solution_id?: number },
  ) {
    const { source, green, offers } = await this.evaluate(shop, session, input.order_id, input.refund_line_items, {
      solutionId: input.solution_id,
    });
    const flags = { delivery_date_check: green, pickup_is_ok: source.pickup_is_ok };
    const allowed = allowedShippingMethods(
      offers.methods.map((m) => m.id),
      input.solution_id,
      flags,
    );
    return {
      ...flags,
      returnSolution: offers.solutions,
      returnShippingMethod: offers.methods.filter((m) => allowed.includes(m.id)),
      ...(session.gift ? { gift_recipient: session.email } : {}),
    };
  }

  /**
   * Idempotent submit: a retry or double click with the same key answers the request the first
   * attempt created, even when it loses the race and trips over that request's own effects.
   */
  async submit(shop: Shop, session: Session, input: SubmitInput, ip: string): Promise<{ request_id: number }> {
    // Ownership before anything keyed by the client: an idempotency key must never reveal another shopper's request.
    await this.orders.ownedOrder(session, input.order_id);
    try {
      return await this.create(shop, session, input, ip);
    } catch (error) {
      const winner = await this.repository.byIdempotencyKey(shop.id, input.idempotency_key);
      if (winner) return answerRepeat(winner, input);
      throw error;
    }
  }

  private async create(shop: Shop, session: Session, input: SubmitInput, ip: string): Promise<{ request_id: number }> {
    const repeated = await this.repository.byIdempotencyKey(shop.id, input.idempotency_key);
    if (repeated) return answerRepeat(repeated, input);
    const selected = input.order_product.map((p) => ({ line_item_id: p.order_product_id, quantity: p.quantity }));
    const choices = choicesOf(shop, input.order_product);
    const evaluated = await this.evaluate(shop, session, input.order_id, selected, {
      shippingMethodId: input.shipping_method_id,
      solutionId: input.solution_id,
      forSubmit: true,
      choices,
    });
    const { source, order, chosen, money, decided } = evaluated;
    const { items, proof } = checkedItems(shop, input, evaluated, choices);
    if (!(await this.uploads.ownsAll(session, proof)))
      throw errors.invalidInput('provide_proof: upload the photos first');
    const extras = await pickupAndPayee(input, shop.id, this.payees, this.clock.nowMs());

    // An instant exchange (ADR 047): its hold must be held before the draft is kept for the request.
    const instant: { hold: HoldColumns | null } = { hold: null };
    const confirmHold = async (draft: DraftOrder) => {
      if (!input.instant_exchange) return;
      const releaseOn = offeredRelease(shop, decided.decision);
      const now = nowSeconds(this.clock);
      instant.hold = await this.holds.confirm(shop, draftSource(session, order), draft, releaseOn, now);
    };
    const exchange =
      input.solution_id === SolutionId.Exchange
        ? await this.drafts.reserve(
            askerOf(session, ip),
            shop.id,
            draftSource(session, order),
            input,
            returnedItemOf(order, chosen),
            exchangeCredit(input.solution_id, money),
            confirmHold,
          )
        : null;
    const giftEmail = session.gift ? session.email : '';
    const hold = instant.hold;
    const result = await this.record(
      shop,
      input,
      { source, order, money, items, extras, decided, giftEmail, hold },
      exchange,
    );
    if ('open' in result) {
      throw errors.alreadyProcessing({ request_id: result.open });
    }
    return { request_id: result.created };
  }

  /** Stores the request; an exchange's draft that no request ends up holding gives its units back. */
  private async record(
    shop: Shop,
    input: SubmitInput,
    {
      source,
      order,
      money,
      items,
      extras,
      decided,
      giftEmail,
      hold,
    }: Pick<Evaluated, 'source' | 'order' | 'money' | 'decided'> & {
      /** The gift recipient's email ('' for the buyer's own return): its credit and emails go there. */
      giftEmail: string;
      hold: HoldColumns | null;
      items: NewRequest['items'];
      extras: Awaited<ReturnType<typeof pickupAndPayee>>;
    },
    exchange: DraftOrder | null,
  ) {
    const release = async () => {
      if (!exchange || (await this.repository.holdsDraft(shop.id, exchange.id))) return;
      await this.drafts.cancel(shop.id, exchange);
      if (hold) await this.holds.letGo(shop, order, exchange);
    };
    const created = nowSeconds(this.clock);
    const result = await this.repository
      .createUnlessOpen(
        {
          shop_id: shop.id,
          order_id: input.order_id,
          solution_id: input.solution_id,
          shipping_method_id: input.shipping_method_id,
          refund: money.total,
          currency: source.total_price_set.currency,
          language: input.language,
          idempotency_key: input.idempotency_key,
          submit_fingerprint: fingerprintOf(input),
          entry_source: input.from,
          request_type: input.type,
          shown_total: input.money ?? null,
          platform_order_id: order.platformId,
          ...orderSnapshot(order),
          money: JSON.stringify(money),
          rule_set_version: decided.version,
          decided_by: JSON.stringify(decided.decision.decidedBy),
          rule_outcome: JSON.stringify(deskOutcomeOf(decided.decision)),
          created_at: created,
          exchange_draft_order_id: exchange?.id ?? '',
          exchange_items: JSON.stringify(exchange ? exchangeItemsOf(exchange) : []),
          exchange_credit: exchange?.credit ?? 0,
          gift_email: giftEmail,
          ...hold,
          ...extras,
          items,
        },
        async (trx, id) => {
          await queueSubmitted(this.outbox, trx, id, {
            reviewedByRule: decided.decision.review !== null,
            platformKeepsReturns: this.drafts.platform.keepsReturns,
            flagged: decided.decision.flags.length > 0,
            giftNotice: giftEmail !== '' && shop.settings.gift_returns.tell_buyer,
            instant: hold && { amount: hold.hold_amount, currency: source.total_price_set.currency, at: created },
          });
          // Holds the shopper authorised that this request does not keep are let go (ADR 047).
          if (await this.holds.submitted(trx, shop.id, order.id, hold && exchange ? exchange.id : null))
            await this.outbox.enqueue(
              trx,
              'exchange.unused-holds',
              { shopId: shop.id, orderId: order.id },
              `unused-holds:${String(id)}`,
            );
        },
      )
      .catch(async (error: unknown) => {
        await release();
        throw error;
      });
    if ('open' in result) await release();
    return result;
  }
}
