import { RequestStatus, SolutionId } from '@return-center/contract';

/**
 * Whether staff may still change a request's items and method at the desk (issue 33 point 4, ADR 038): only while it
 * waits for review, before a label, packing slip or approval email was made from its items, and not for an exchange,
 * whose new items are held at the store. The server refuses the change otherwise (409); the console hides the action.
 */
export const deskEditable = (request: { status: number; solution_id: number }): boolean =>
  request.status === RequestStatus.PendingReview && request.solution_id !== SolutionId.Exchange;
