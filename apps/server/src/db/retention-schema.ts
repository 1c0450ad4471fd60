import type { Generated } from 'kysely';

/** A shop's retention run of one day (ADR 050), owned by modules/retention; `report` is JSON of its counts by kind. */
export interface RetentionRunsTable {
  id: Generated<number>;
  shop_id: number;
  /** The run's day (YYYY-MM-DD, UTC): one run a day per shop. */
  day: string;
  days: number;
  closed_before: number;
  ran_at: number;
  finished_at: number | null;
  report: string;
}

export interface RetentionSchema {
  retention_runs: RetentionRunsTable;
}
