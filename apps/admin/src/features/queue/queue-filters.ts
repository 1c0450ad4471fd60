import { useSearchParams } from 'react-router';

/** The queue's tab, filters and order (`sort`: the server's, e.g. `refund_deadline`; none is newest first). */
export const FILTER_KEYS = [
  'status',
  'q',
  'reason',
  'solution',
  'method',
  'from',
  'to',
  'tag',
  'assignee',
  'sort',
] as const;
export type QueueFilters = Partial<Record<(typeof FILTER_KEYS)[number], string>>;

/** The queue's tab, filters and order live in the address, so a view can be reloaded, bookmarked and shared. */
export function useQueueFilters() {
  const [params, setParams] = useSearchParams();
  const filters: QueueFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  const update = (change: QueueFilters) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  return { filters, update };
}

/** The merchant API's list query for these filters: dates (YYYY-MM-DD, local days) become seconds. */
export function listQuery(filters: QueueFilters, cursor?: number, limit = 25): string {
  const query = new URLSearchParams({ limit: String(limit) });
  for (const key of ['status', 'q', 'reason', 'solution', 'method', 'tag', 'assignee', 'sort'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  if (filters.from)
    query.set('created_from', String(Math.floor(new Date(`${filters.from}T00:00:00`).getTime() / 1000)));
  if (filters.to) query.set('created_to', String(Math.floor(new Date(`${filters.to}T23:59:59`).getTime() / 1000)));
  if (cursor) query.set('cursor', String(cursor));
  return query.toString();
}
