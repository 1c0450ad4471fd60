import type { RequestsRepository } from './requests.repository.js';

/**
 * What another module may read of the requests: one, a page of them, their counts by status, a request's items, their
 * inspection and its timeline, many requests' items and dates (the export), a shopper's history (or many shoppers'), and
 * the latest with their items (the rules simulator).
 */
export type RequestReads = Pick<
  RequestsRepository,
  | 'byId'
  | 'list'
  | 'countsMatching'
  | 'countsByStatus'
  | 'items'
  | 'inspections'
  | 'inspectionsOfMany'
  | 'itemsOf'
  | 'firstActionsOf'
  | 'events'
  | 'historyOf'
  | 'historiesOf'
  | 'latestWithItems'
>;
