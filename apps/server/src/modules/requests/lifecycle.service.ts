import { Code, SolutionId, type CheckInfo } from '@return-center/contract';
import { nextStatus, parseDeskOutcome, type RequestAction } from '@return-center/domain';
import type { PlatformOrder, RefundKind, ReturnDecision, StorePlatform } from '../../adapters/store-platform/port.js';
import type { Clock } from '../../clock.js';
import { nowSeconds } from '../../clock.js';
import type { Db, Dialect } from '../../db/database.js';
import { AppError, errors } from '../../http/app-error.js';
import type { Outbox } from '../jobs/outbox.js';
import type { RequestEvent } from '../notifications/request-emails.js';
import type { Shop } from '../storefront-config/shop.js';
import type { DocumentKind, Documents } from '../documents/documents.js';
import { recordInspection, inspectionNote, refundNote, type Inspection } from './inspection.js';
import { buildCheckInfo, refundCeiling } from './request-detail.js';
import { queueHoldSettle } from './exchange-hold.js';
import type { RequestRecord } from './request-record.js';
import { inspectionsOf, recordEvent, type RequestsRepository } from './requests.repository.js';

const STATUS_NAMES: Record<number, string> = {
  1: 'pending review',
  2: 'approved',
  3: 'rejected',
  4: 'completed',
  5: 'received',
};
const EVENT_OF: Record<RequestAction, RequestEvent> = {
  approve: 'approved',
  reject: 'rejected',
  receive: 'received',
  refund: 'refunded',
  resolve: 'resolved',
};

export interface TransitionInput {
  reason?: string;
  /** The receive action's inspection of every item (issue 33); none receives every item in full, accepted. */
  items?: Inspection[];
  amount?: number;
  solution_id?: number;
}

/** Moves requests through the state machine, records who did what, and queues the follow-up work. */
export class LifecycleService {
  constructor(
    private readonly deps: {
      db: Db;
      dialect: Dialect;
      clock: Clock;
      platform: StorePlatform;
      requests: RequestsRepository;
      outbox: Outbox;
      documents: Documents;
    },
  ) {}

  /** The request as its pages show it; `read` is its order when the caller has read it already. */
  async detail(shop: Shop, request: RequestRecord, read?: PlatformOrder): Promise<CheckInfo> {
    const order = read ?? (await this.deps.platform.getOrder(shop.id, request.order_id));
    if (!order) throw errors.notFound();
    const info = buildCheckInfo(
      shop,
      order,
      request,
      await this.deps.requests.items(request.id),
      await this.deps.requests.inspections(request.id),
    );
    // Stored links only say a document exists; each look at the request gets links that work from now on.
    const fresh = (kind: DocumentKind, stored: string) => (stored ? this.deps.documents.link(request.id, kind) : '');
    return {
      ...info,
      label_url: fresh('label', info.label_url),
      packing_slip_url: fresh('packing-slip', info.packing_slip_url),
      drop_off: info.drop_off && { ...info.drop_off, qr_url: this.deps.documents.link(request.id, 'drop-off-qr') },
    };
  }

  async transition(
    shop: Shop,
    requestId: number,
    action: RequestAction,
    actor: string,
    input: TransitionInput = {},
  ): Promise<RequestRecord> {
    const { db, dialect, clock, outbox } = this.deps;
    await db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('return_requests')
        .selectAll()
        .where('id', '=', requestId)
        .where('shop_id', '=', shop.id);
      if (dialect === 'postgres') query = query.forUpdate();
      const request = await query.executeTakeFirst();
      if (!request) throw errors.notFound();
      const to = nextStatus({ status: request.status, shippingMethodId: request.shipping_method_id }, action);
      if (to === null) {
        throw new AppError(
          Code.IllegalTransition,
          `Cannot ${action} a request that is ${STATUS_NAMES[request.status] ?? 'unknown'}`,
          409,
        );
      }
      const bankTransfer = (input.solution_id ?? request.solution_id) === SolutionId.BankTransfer;
      if (action === 'refund' && bankTransfer && !request.payout_account_id) {
        // A payout needs the account the shopper gave on the bank-transfer form.
        throw errors.unprocessable('solution_id', 'the shopper gave no bank account for this return; choose 1, 2 or 4');
      }
      // An exchange is paid with its new items: only credit left over beyond them (never the bonus) is money to give.
      const now = nowSeconds(clock);
      if (action === 'receive' && input.items) await recordInspection(trx, request.id, input.items, now);
      const items = await trx.selectFrom('return_items').selectAll().where('request_id', '=', request.id).execute();
      const inspections = await inspectionsOf(trx, request.id);
      const most = refundCeiling(request, items, inspections);
      if (action === 'refund' && most <= 0)
        throw errors.unprocessable(
          '',
          request.solution_id === SolutionId.Exchange
            ? 'An exchange is settled by its new items: nothing is left of its credit to refund'
            : 'No item was accepted at receipt: nothing is left to refund',
        );
      const amount = input.amount ?? most;
      if (action === 'refund' && amount > most) {
        throw errors.unprocessable('amount', `at most ${most}`);
      }
      await trx
        .updateTable('return_requests')
        .set({
          status: to,
          updated_at: now,
          ...(action === 'reject' ? { decline_reason: input.reason ?? '' } : {}),
          ...(action === 'refund'
            ? { refund_state: 'pending', solution_id: input.solution_id ?? request.solution_id }
            : {}),
        })
        .where('id', '=', request.id)
        .execute();
      await recordEvent(trx, {
        request_id: request.id,
        actor,
        action,
        from_status: request.status,
        to_status: to,
        note:
          input.reason ??
          (action === 'refund'
            ? refundNote(amount, items, inspections)
            : action === 'receive'
              ? inspectionNote(items, inspections)
              : ''),
        at: now,
      });
      if (action === 'approve' && request.exchange_draft_order_id)
        await outbox.enqueue(trx, 'request.exchange.complete', { requestId: request.id }, `complete:${request.id}`);
      // An instant exchange's hold (ADR 047): settled at receipt by what was accepted, captured at a rejection before.
      if (action === 'receive' || action === 'reject')
        await queueHoldSettle(outbox, trx, request, action === 'receive' ? 'received' : 'rejected');
      if (action === 'reject' && request.exchange_draft_order_id)
        await outbox.enqueue(trx, 'request.exchange.release', { requestId: request.id }, `release:${request.id}`);
      const decision = DECISION_OF[action];
      if (decision && this.deps.platform.keepsReturns)
        await outbox.enqueue(
          trx,
          'request.platform-return',
          { requestId: request.id, decision },
          `platform-${decision}:${request.id}`,
        );
      const moment = RULE_MOMENT_OF[action];
      if (moment && parseDeskOutcome(request.rule_outcome).autoRefund?.when === moment)
        await outbox.enqueue(trx, 'request.rules', { requestId: request.id, moment }, `rules:${request.id}:${moment}`);
      if (action === 'approve')
        await outbox.enqueue(trx, 'request.documents', { requestId: request.id }, `documents:${request.id}`);
      else if (action === 'refund')
        await outbox.enqueue(trx, 'request.refund', { requestId: request.id, amount }, `refund:${request.id}`);
      else
        await outbox.enqueue(
          trx,
          'request.notify',
          { requestId: request.id, event: EVENT_OF[action] },
          `notify:${request.id}:${EVENT_OF[action]}`,
        );
    });
    const updated = await this.deps.requests.byId(requestId);
    // Requests are never deleted, so only a concurrent removal could get here.
    if (!updated) throw errors.notFound();
    return updated;
  }
}

/** The transitions after which a rule may refund without a person (issue 32). */
const RULE_MOMENT_OF: Partial<Record<RequestAction, 'approved' | 'received'>> = {
  approve: 'approved',
  receive: 'received',
};

/** The merchant's actions that decide the return kept at the platform (Shopify's). */
const DECISION_OF: Partial<Record<RequestAction, ReturnDecision>> = { approve: 'approved', reject: 'rejected' };

/** How the platform refunds each solution; solutions without an entry refund to the original payment. */
export const REFUND_KINDS: Partial<Record<number, RefundKind>> = {
  [SolutionId.RefundOriginal]: 'original',
  [SolutionId.DiscountCode]: 'discount_code',
  [SolutionId.GiftCard]: 'gift_card',
};
