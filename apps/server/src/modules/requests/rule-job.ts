import { Code, messages, ShippingMethodId, type ShopperMessage } from '@return-center/contract';
import { parseDeskOutcome, type RequestAction, type RuleRef } from '@return-center/domain';
import { AppError } from '../../http/app-error.js';
import type { JobHandler } from '../jobs/worker.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import type { LifecycleService, TransitionInput } from './lifecycle.service.js';
import type { RequestsRepository } from './requests.repository.js';

/** A rule's message in the request's language, else its text, else the portal's neutral wording. */
const wordsOf = (message: ShopperMessage, language: string) =>
  message.translations[language as keyof ShopperMessage['translations']] ?? (message.text || messages.cannotBeReturned);

/**
 * The refusals that mean the rule has nothing left to do: the request is no longer where the rule found it (a person
 * was faster), or its refund is not one to make (nothing left to refund, no bank account). Anything else is retried.
 */
const isSettled = (error: AppError, action: RequestAction) =>
  error.code === Code.IllegalTransition || (action === 'refund' && error.restStatus === 422);

/**
 * What a request's rules do without a person (issue 32), at the moment the job names: review it when it is submitted,
 * refund it when it is approved (keep-the-item) or received, or receive and refund it at the carrier's first scan. The
 * timeline says "rule: <name>". A request a person has already moved on is left as it is, so a rerun changes nothing.
 */
export function ruleJob(deps: {
  requests: Pick<RequestsRepository, 'byId'>;
  shops: ShopLookup;
  lifecycle: Pick<LifecycleService, 'transition'>;
}): JobHandler<'request.rules'> {
  return async ({ requestId, moment }) => {
    const request = await deps.requests.byId(requestId);
    if (!request) throw new Error(`Request ${String(requestId)} is gone`);
    const shop = await deps.shops.byId(request.shop_id);
    if (!shop) throw new Error(`Shop ${String(request.shop_id)} is gone`);
    const act = async (action: RequestAction, rule: RuleRef, input: TransitionInput = {}) => {
      try {
        await deps.lifecycle.transition(shop, request.id, action, `rule: ${rule.name}`, input);
      } catch (error) {
        if (error instanceof AppError && isSettled(error, action)) return;
        throw error;
      }
    };
    const { review, autoRefund } = parseDeskOutcome(request.rule_outcome);
    if (moment === 'submitted' && review) {
      if (review.decision === 'approve') await act('approve', review.rule);
      else await act('reject', review.rule, { reason: wordsOf(review.message, request.language) });
      return;
    }
    if (!autoRefund || autoRefund.when !== moment) return;
    if (moment === 'approved' && request.shipping_method_id !== ShippingMethodId.KeepItem) return;
    if (moment === 'first_scan') await act('receive', autoRefund.rule);
    await act('refund', autoRefund.rule);
  };
}
