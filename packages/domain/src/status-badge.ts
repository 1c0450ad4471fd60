import { RefundState, RequestStatus, type BadgeProgress, type BadgeTone } from '@return-center/contract';

export interface StatusBadge {
  tone: BadgeTone;
  progress: BadgeProgress;
}

/**
 * The badge of a request's status (spec §4 statuses, §9 tones and progress), the same on the orders list and the
 * status page: new while it waits for the merchant, info while it moves along, attention while its refund is on the
 * way, success once done, critical when rejected or when the refund failed. An unknown status reads as new.
 */
export function statusBadge(status: number, refundState: RefundState = RefundState.None): StatusBadge {
  switch (status) {
    case RequestStatus.Approved:
    case RequestStatus.Received:
      return { tone: 'info', progress: 'partiallyComplete' };
    case RequestStatus.Rejected:
      return { tone: 'critical', progress: 'complete' };
    case RequestStatus.Completed:
      if (refundState === RefundState.Failed) return { tone: 'critical', progress: 'partiallyComplete' };
      if (refundState === RefundState.Pending || refundState === RefundState.Processing)
        return { tone: 'attention', progress: 'partiallyComplete' };
      return { tone: 'success', progress: 'complete' };
    default:
      return { tone: 'new', progress: 'incomplete' };
  }
}
