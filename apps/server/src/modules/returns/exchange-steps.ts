import { SolutionId, type calls } from '@return-center/contract';
import { exchangeCredit } from '@return-center/domain';
import type { z } from 'zod';
import { errors } from '../../http/app-error.js';
import type { Session } from '../auth/sessions.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { Shop } from '../storefront-config/shop.js';
import { askerOf, draftSource, type ReturnsService } from './returns.service.js';
import { draftAnswer, returnedItemOf, type ExchangeDrafts } from './exchange-reservation.js';
import { holdAnswer, offeredRelease, type InstantHolds } from './instant-holds.js';

type Choice = z.output<typeof calls.createDraftOrder.payload>;

/**
 * The exchange page's steps before the submit (#13, ADR 047): the draft of the chosen new items (paid at the store's
 * checkout when dearer than the return), and the card hold of an instant exchange.
 */
export class ExchangeSteps {
  constructor(
    private readonly returns: Pick<ReturnsService, 'evaluate'>,
    private readonly orders: Pick<OrdersService, 'ownedOrder'>,
    private readonly drafts: ExchangeDrafts,
    private readonly holds: InstantHolds,
  ) {}

  /**
   * The pay-for-exchanges step: the draft order for the chosen new items, with the return's credit taken off. An order
   * with an open request answers 1067, as its submit would: that request holds the order's exchange.
   */
  async exchangeDraft(shop: Shop, session: Session, input: Choice, ip: string) {
    return draftAnswer((await this.draftOf(shop, session, input, ip)).draft);
  }

  /**
   * The hold step of an instant exchange (ADR 047): the hold of the choice's draft (paid first when dearer), started or
   * found again, for the part of the new items the return's credit pays for.
   */
  async exchangeHold(shop: Shop, session: Session, input: Choice, ip: string) {
    const { draft, source, decided } = await this.draftOf(shop, session, input, ip);
    const releaseOn = offeredRelease(shop, decided.decision);
    const payment = await this.holds.hold(shop, source, draft);
    return holdAnswer(draft, payment, { releaseOn, captureDays: this.holds.captureDays(shop) });
  }

  /** The draft of one of the shopper's orders as it is now: paid once they paid at the checkout. */
  async exchangeDraftStatus(shop: Shop, session: Session, input: { order_id: number; draft_order_id: string }) {
    await this.orders.ownedOrder(session, input.order_id);
    const draft = await this.drafts.platform.getDraftOrder(shop.id, input.draft_order_id);
    if (!draft || draft.fromOrderId !== input.order_id) throw errors.notFound();
    return draftAnswer(draft);
  }

  private async draftOf(shop: Shop, session: Session, input: Choice, ip: string) {
    const { order, chosen, money, offers, decided } = await this.returns.evaluate(
      shop,
      session,
      input.order_id,
      input.refund_line_items,
      { solutionId: SolutionId.Exchange, forSubmit: true },
    );
    if (!offers.solutions.some((s) => s.id === SolutionId.Exchange))
      throw errors.invalidInput('solution_id: exchanges are not offered for this order');
    const source = draftSource(session, order);
    const draft = await this.drafts.draft(
      askerOf(session, ip),
      shop.id,
      source,
      input,
      returnedItemOf(order, chosen),
      exchangeCredit(SolutionId.Exchange, money),
    );
    return { draft, source, decided };
  }
}
