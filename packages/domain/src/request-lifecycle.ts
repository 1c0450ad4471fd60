import { RequestStatus, ShippingMethodId } from '@return-center/contract';

export type RequestAction = 'approve' | 'reject' | 'receive' | 'refund' | 'resolve';
export const REQUEST_ACTIONS: readonly RequestAction[] = ['approve', 'reject', 'receive', 'refund', 'resolve'];

export interface LifecycleFacts {
  status: number;
  shippingMethodId: number;
}

/**
 * The request state machine (issue 4): pending review → approved → received → completed;
 * rejected from pending review or received. A keep-the-item return has nothing to receive, so it
 * completes straight from approved. Returns the new status, or null when the action is illegal.
 */
export function nextStatus(facts: LifecycleFacts, action: RequestAction): number | null {
  const keepsItem = facts.shippingMethodId === ShippingMethodId.KeepItem;
  switch (action) {
    case 'approve':
      return facts.status === RequestStatus.PendingReview ? RequestStatus.Approved : null;
    case 'reject':
      return facts.status === RequestStatus.PendingReview || facts.status === RequestStatus.Received
        ? RequestStatus.Rejected
        : null;
    case 'receive':
      return facts.status === RequestStatus.Approved && !keepsItem ? RequestStatus.Received : null;
    case 'refund':
    case 'resolve':
      return facts.status === RequestStatus.Received || (facts.status === RequestStatus.Approved && keepsItem)
        ? RequestStatus.Completed
        : null;
  }
}

/** The statuses in the order a request moves through them (nextStatus), the rejected last. */
export const STATUSES_IN_ORDER: readonly RequestStatus[] = [
  RequestStatus.PendingReview,
  RequestStatus.Approved,
  RequestStatus.Received,
  RequestStatus.Completed,
  RequestStatus.Rejected,
];

/** Spec §4: a request is open until it is rejected or completed; an order has at most one open request. */
export const OPEN_REQUEST_STATUSES: readonly number[] = [
  RequestStatus.PendingReview,
  RequestStatus.Approved,
  RequestStatus.Received,
];
export const isOpenRequest = (status: number): boolean => OPEN_REQUEST_STATUSES.includes(status);
/** The final statuses: no action leaves them (nextStatus), so the first move into one is when the request closed. */
export const CLOSED_REQUEST_STATUSES: readonly number[] = [RequestStatus.Rejected, RequestStatus.Completed];

/** Spec §7: tracking is added once a request is approved and the item travels back (not kept by the shopper). */
export const canAddTracking = (facts: LifecycleFacts): boolean =>
  facts.status === RequestStatus.Approved && facts.shippingMethodId !== ShippingMethodId.KeepItem;
