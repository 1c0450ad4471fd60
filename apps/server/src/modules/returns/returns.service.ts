import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, MAX_PROOF_IMAGES, messages, SolutionId, type Reason } from '@return-center/contract';
import {
  allowedShippingMethods,
  exchangeCredit,
  greenRuleOf,
  isGreenReturn,
  withCreditBonus,
} from '@return-center/domain';
import type { z } from 'zod';
import type { calls } from '@return-center/contract';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import { errors } from '../../http/app-error.js';
import type { Session } from '../auth/sessions.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { Shop } from '../storefront-config/shops.repository.js';
import type { Outbox } from '../jobs/outbox.js';
import type { UploadsService } from '../uploads/uploads.service.js';
import type { DraftOrder } from '../../adapters/store-platform/port.js';
import { exchangeItemsOf, lineSnapshot, orderSnapshot, type NewRequest } from '../requests/new-request.js';
import { sameSubmit, type NewRequestsRepository } from '../requests/new-requests.repository.js';
import { reasonsIn, reasonText } from './reason-locales.js';
import { checkSelection, moneyFor, type SelectedLine } from './selection.js';
import type { Asker, ExchangeDrafts } from './exchange-reservation.js';
import type { PayoutsService } from '../payouts/payouts.service.js';
import { pickupAndPayee } from './pickup-and-payee.js';

type SubmitInput = z.output<typeof calls.setReturnOrder.payload>;

const KEY_USED_ELSEWHERE = 'idempotency_key: already used for another order';

/** Spec §7: a submit's type is 2 for an exchange, 1 for every other return. */
const requestTypeOf = (solutionId: number) => (solutionId === SolutionId.Exchange ? 2 : 1);

/** What a submit asks for; the key and the display language are not part of it. */
const fingerprintOf = (input: SubmitInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.order_id,
        input.solution_id,
        input.shipping_method_id,
        input.order_product,
        // Only exchanges add their items, so the fingerprints of earlier requests stay as they were.
        ...(input.exchange_line_items ? [input.exchange_line_items] : []),
      ]),
    )
    .digest('hex');

/**
 * The answer to a submit whose key already made a request: that request for a retry, the processing page for the
 * same key with another body (the order has its open request), a refusal for a key of another order.
 */
function answerRepeat(
  repeated: { id: number; order_id: number; submit_fingerprint: string },
  input: SubmitInput,
): { request_id: number } {
  if (repeated.order_id !== input.order_id) throw errors.invalidInput(KEY_USED_ELSEWHERE);
  if (!sameSubmit(repeated.submit_fingerprint, fingerprintOf(input))) {
    throw errors.alreadyProcessing({ request_id: repeated.id });
  }
  return { request_id: repeated.id };
}

type Evaluated = Awaited<ReturnType<ReturnsService['evaluate']>>;

const draftAnswer = (draft: DraftOrder) => ({
  draft_order_id: draft.id,
  status: draft.status,
  checkout_url: draft.checkoutUrl,
  total_line_items_price: draft.subtotal,
  exchange_credit: draft.credit,
  total_price: draft.total,
  currency: draft.currency,
});

/** The item an exchange replaces: one per request (spec §9), with the product and unit price it was bought at. */
function returnedItem(order: Evaluated['order'], chosen: Evaluated['chosen']) {
  const item = chosen[0];
  const line = order.lines.find((l) => l.id === item?.line_item_id);
  if (!item || !line) throw errors.invalidInput(messages.unselectedItem);
  return { productId: line.productId, price: line.price, quantity: item.quantity };
}

const askerOf = (session: Session, ip: string): Asker => ({ tokenHash: session.tokenHash, ip });

export class ReturnsService {
  constructor(
    private readonly orders: OrdersService,
    private readonly repository: NewRequestsRepository,
    private readonly outbox: Outbox,
    private readonly uploads: UploadsService,
    private readonly drafts: ExchangeDrafts,
    private readonly clock: Clock,
    private readonly payees: PayoutsService,
  ) {}

  /** The merchant's reasons in the shopper's language (see reasonText for the order of preference). */
  reasons(shop: Shop, lang: string = DEFAULT_LANGUAGE): Reason[] {
    return reasonsIn(shop.settings.reasons, lang);
  }

  /**
   * Everything the later steps need for the chosen lines: money, green rule, solutions and methods. With `forSubmit`,
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
    }: { shippingMethodId?: number; solutionId?: number; forSubmit?: boolean } = {},
  ) {
    const { source, order } = await this.orders.load(shop, session, orderId);
    if (forSubmit && source.request_id !== null) throw errors.alreadyProcessing({ request_id: source.request_id });
    const chosen = checkSelection(source, selected);
    const money = withCreditBonus(
      moneyFor(shop, order, source, chosen, shippingMethodId),
      solutionId,
      shop.settings.return_setting.credit_bonus,
    );
    const green = isGreenReturn(greenRuleOf(shop.settings.return_setting), {
      refund: money.refund,
      deliveredAt: order.deliveredAt,
      now: nowSeconds(this.clock),
    });
    return { source, order, chosen, money, green };
  }

  async orderConfig(
    shop: Shop,
    session: Session,
    input: { order_id: number; refund_line_items: SelectedLine[]; solution_id?: number },
  ) {
    const { source, green } = await this.evaluate(shop, session, input.order_id, input.refund_line_items);
    const flags = { delivery_date_check: green, pickup_is_ok: source.pickup_is_ok };
    const allowed = allowedShippingMethods(
      source.returnShippingMethod.map((m) => m.id),
      input.solution_id,
      flags,
    );
    return {
      ...flags,
      returnSolution: source.returnSolution,
      returnShippingMethod: source.returnShippingMethod.filter((m) => allowed.includes(m.id)),
    };
  }

  /**
   * The pay-for-exchanges step: the draft order for the chosen new items, with the return's credit taken off. An order
   * with an open request answers 1067, as its submit would: that request holds the order's exchange.
   */
  async exchangeDraft(
    shop: Shop,
    session: Session,
    input: {
      order_id: number;
      refund_line_items: SelectedLine[];
      exchange_line_items: { variant_id: number; quantity: number }[];
      idempotency_key: string;
    },
    ip: string,
  ) {
    const { source, order, chosen, money } = await this.evaluate(
      shop,
      session,
      input.order_id,
      input.refund_line_items,
      { solutionId: SolutionId.Exchange, forSubmit: true },
    );
    if (!source.returnSolution.some((s) => s.id === SolutionId.Exchange))
      throw errors.invalidInput('solution_id: exchanges are not offered for this order');
    const draft = await this.drafts.draft(
      askerOf(session, ip),
      shop.id,
      order,
      input,
      returnedItem(order, chosen),
      exchangeCredit(SolutionId.Exchange, money),
    );
    return draftAnswer(draft);
  }

  /** The draft of one of the shopper's orders as it is now: paid once they paid at the checkout. */
  async exchangeDraftStatus(shop: Shop, session: Session, input: { order_id: number; draft_order_id: string }) {
    await this.orders.ownedOrder(session, input.order_id);
    const draft = await this.drafts.platform.getDraftOrder(shop.id, input.draft_order_id);
    if (!draft || draft.fromOrderId !== input.order_id) throw errors.notFound();
    return draftAnswer(draft);
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
    const { source, order, chosen, money, green } = await this.evaluate(shop, session, input.order_id, selected, {
      shippingMethodId: input.shipping_method_id,
      solutionId: input.solution_id,
      forSubmit: true,
    });
    if (!source.returnSolution.some((s) => s.id === input.solution_id))
      throw errors.invalidInput('solution_id: not offered for this order');
    if (input.type !== requestTypeOf(input.solution_id))
      throw errors.invalidInput('type: 2 for an exchange (solution 5), otherwise 1');
    if (input.shopify_order_id !== '' && input.shopify_order_id !== order.platformId)
      throw errors.invalidInput('shopify_order_id: not the platform id of this order');
    const methods = allowedShippingMethods(
      source.returnShippingMethod.map((m) => m.id),
      input.solution_id,
      { delivery_date_check: green, pickup_is_ok: source.pickup_is_ok },
    );
    if (!methods.includes(input.shipping_method_id))
      throw errors.invalidInput('shipping_method_id: not offered for this return');

    const items = chosen.map((item) => {
      const product = input.order_product.find((p) => p.order_product_id === item.line_item_id);
      if (!product) throw errors.invalidInput(messages.unselectedItem);
      const reason = shop.settings.reasons.find((r) => r.id === product.reason.reason_id);
      if (!reason) throw errors.invalidInput('reason_id: choose a return reason');
      const proof = product.reason.provide_proof.filter((url) => url.trim() !== '');
      if (reason.proof === 'required' && proof.length === 0)
        throw errors.invalidInput(messages.provideRequiredInformation);
      return {
        ...lineSnapshot(order, item.line_item_id),
        quantity: item.quantity,
        reason_id: reason.id,
        reason_group_id: reason.group_id,
        // In the request's language, as its status page and emails show it.
        reason_text: reasonText(reason, input.language),
        description: product.reason.reason_description,
        proof: JSON.stringify(proof),
      };
    });
    const allProof = items.flatMap((item) => JSON.parse(item.proof) as string[]);
    if (allProof.length > MAX_PROOF_IMAGES) throw errors.invalidInput(messages.imageLimit);
    if (!(await this.uploads.ownsAll(session, allProof)))
      throw errors.invalidInput('provide_proof: upload the photos first');
    if (input.solution_id !== SolutionId.Exchange && input.exchange_line_items?.length)
      throw errors.invalidInput('exchange_line_items: only for an exchange (solution 5)');
    const extras = await pickupAndPayee(input, shop.id, this.payees, this.clock.nowMs());

    const exchange =
      input.solution_id === SolutionId.Exchange
        ? await this.drafts.reserve(
            askerOf(session, ip),
            shop.id,
            order,
            input,
            returnedItem(order, chosen),
            exchangeCredit(input.solution_id, money),
          )
        : null;
    const result = await this.record(shop, input, { source, order, money, items, extras }, exchange);
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
    }: Pick<Evaluated, 'source' | 'order' | 'money'> & {
      items: NewRequest['items'];
      extras: Awaited<ReturnType<typeof pickupAndPayee>>;
    },
    exchange: DraftOrder | null,
  ) {
    const release = async () => {
      if (exchange && !(await this.repository.holdsDraft(shop.id, exchange.id)))
        await this.drafts.platform.cancelDraftOrder(shop.id, exchange.id);
    };
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
          created_at: nowSeconds(this.clock),
          exchange_draft_order_id: exchange?.id ?? '',
          exchange_items: JSON.stringify(exchange ? exchangeItemsOf(exchange) : []),
          exchange_credit: exchange?.credit ?? 0,
          ...extras,
          items,
        },
        async (trx, id) => {
          await this.outbox.enqueue(
            trx,
            'request.notify',
            { requestId: id, event: 'submitted' },
            `notify:${id}:submitted`,
          );
          // Where the platform keeps returns of its own (Shopify), the request shows there as a requested return.
          if (this.drafts.platform.keepsReturns)
            await this.outbox.enqueue(
              trx,
              'request.platform-return',
              { requestId: id, decision: 'requested' },
              `platform-return:${id}`,
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
