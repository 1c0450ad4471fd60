import { BADGE_PROGRESS, BADGE_TONES, RefundState, RequestStatus } from '@return-center/contract';
import { describe, expect, it } from 'vitest';
import { statusBadge } from './status-badge.js';

describe('statusBadge', () => {
  it('gives each status of spec §4 its tone and progress', () => {
    expect(statusBadge(RequestStatus.PendingReview)).toEqual({ tone: 'new', progress: 'incomplete' });
    expect(statusBadge(RequestStatus.Approved)).toEqual({ tone: 'info', progress: 'partiallyComplete' });
    expect(statusBadge(RequestStatus.Received)).toEqual({ tone: 'info', progress: 'partiallyComplete' });
    expect(statusBadge(RequestStatus.Rejected)).toEqual({ tone: 'critical', progress: 'complete' });
    expect(statusBadge(RequestStatus.Completed)).toEqual({ tone: 'success', progress: 'complete' });
  });

  it('follows the refund sub-states of a completed request', () => {
    expect(statusBadge(RequestStatus.Completed, RefundState.Pending).tone).toBe('attention');
    expect(statusBadge(RequestStatus.Completed, RefundState.Processing).progress).toBe('partiallyComplete');
    expect(statusBadge(RequestStatus.Completed, RefundState.Refunded)).toEqual({
      tone: 'success',
      progress: 'complete',
    });
    expect(statusBadge(RequestStatus.Completed, RefundState.Failed).tone).toBe('critical');
  });

  it('answers only the tones and progress the spec names, whatever the status', () => {
    for (const status of [0, 1, 2, 3, 4, 5, 6, 99])
      for (const refund of Object.values(RefundState)) {
        const badge = statusBadge(status, refund);
        expect(BADGE_TONES).toContain(badge.tone);
        expect(BADGE_PROGRESS).toContain(badge.progress);
      }
  });
});
