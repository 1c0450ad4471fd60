import { z } from 'zod';
import { int, unixSeconds } from './envelope.js';

/**
 * Retention (issue 38 point 6, ADR 050): how many days after a request closes (rejected or completed) its photos,
 * labels and personal data are deleted. At least 30 days, so refund disputes and chargebacks can still be answered
 * from the request; at most ten years.
 */
export const RETENTION_DEFAULT_DAYS = 365;
export const RETENTION_MIN_DAYS = 30;
export const RETENTION_MAX_DAYS = 3650;

export const retentionSetting = z.object({
  days: z
    .number()
    .int()
    .min(RETENTION_MIN_DAYS, `Keep personal data at least ${RETENTION_MIN_DAYS} days`)
    .max(RETENTION_MAX_DAYS, `Keep personal data at most ${RETENTION_MAX_DAYS} days`)
    .default(RETENTION_DEFAULT_DAYS),
});
export type RetentionSetting = z.infer<typeof retentionSetting>;

/** What a retention run deletes, by kind: what a closed request held, and what is past retention on its own. */
export const RETENTION_KINDS = [
  'requests',
  'photos',
  'documents',
  'webhook_events',
  'webhook_deliveries',
  'mails',
  'sessions',
  'verification_codes',
  'rate_limits',
] as const;
export const retentionKind = z.enum(RETENTION_KINDS);
export type RetentionKind = z.infer<typeof retentionKind>;

/** How many of a kind a run deleted (or a dry run would), and when the oldest of them was made or closed. */
export const retentionCount = z.object({ kind: retentionKind, count: int, oldest: unixSeconds.nullable() });
export type RetentionCount = z.infer<typeof retentionCount>;

/** A shop's retention run (the last one, in the console): times in unix seconds. */
export const retentionReport = z.object({
  ran_at: unixSeconds,
  /** Null while the run goes on (a big backlog is deleted in parts). */
  finished_at: unixSeconds.nullable(),
  days: int,
  /** Requests closed before this moment lost their personal data. */
  closed_before: unixSeconds,
  kinds: z.array(retentionCount),
});
export type RetentionReport = z.infer<typeof retentionReport>;

/** The merchant API's retention (merged into merchantRoutes); the setting itself is the settings' `retention`. */
export const retentionRoutes = {
  getRetention: {
    method: 'GET',
    path: '/retention',
    summary:
      "The shop's last retention run: what it deleted by kind (requests' personal data, photos, documents, mails, webhook events…), null before the first",
    answer: retentionReport.nullable(),
  },
} as const;
