import { RETENTION_DEFAULT_DAYS, type RetentionCount, type RetentionReport } from '@return-center/contract';
import { nowSeconds, type Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { RetentionScope, TableOwner } from '../../db/ownership.js';
import type { Privacy } from '../privacy/privacy.service.js';
import type { ShopLookup } from '../storefront-config/shop.js';
import { dueRequests, requestCounts, whatTheyName } from './due-requests.js';
import { mergedCounts, RetentionRuns } from './retention-runs.js';

const DAY_SECONDS = 86_400;
/** Requests forgotten in one transaction, and batches in one job: a big backlog goes in parts, none holding locks long. */
export const REQUESTS_PER_BATCH = 200;
export const BATCHES_PER_JOB = 10;
/** Rows of one kind an owner deletes per job (mails, webhook events, expired sessions…). */
export const ROWS_PER_JOB = 1000;
/** Sign-in leftovers (sessions, codes, rate-limit windows) are deleted a day after they expired. */
const LEFTOVER_GRACE_SECONDS = DAY_SECONDS;

/** What retention would delete, or deleted, in one shop. */
export interface ShopRetention {
  shopId: number;
  shopUrl: string;
  days: number;
  closedBefore: number;
  kinds: RetentionCount[];
}

/**
 * Retention (issue 38 point 6, ADR 050): a set number of days (the shop's setting) after a request closes, its photos,
 * documents and personal data are deleted by the forgetters privacy uses, and each owner's rows past retention on their
 * own (mails, webhook events and deliveries, expired sign-ins) go too. The timeline stays, without names.
 */
export class RetentionService {
  private readonly runs: RetentionRuns;

  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      shops: ShopLookup & { list(): Promise<{ id: number; shop_url: string }[]> };
      /** Forgets requests with the module owners' forgetters, then deletes their files. */
      privacy: Privacy;
      /** Every table owner; those with `retain` delete their own rows past retention. */
      owners: readonly TableOwner[];
    },
  ) {
    this.runs = new RetentionRuns(deps.db);
  }

  /** The day a run belongs to (UTC), by the app's clock. */
  today(): string {
    return new Date(this.deps.clock.nowMs()).toISOString().slice(0, 10);
  }

  shopIds(): Promise<number[]> {
    return this.deps.shops.list().then((shops) => shops.map((shop) => shop.id));
  }

  /** What a run now would delete, per shop and kind, deleting nothing; `unowned` names no shop (client addresses). */
  async dryRun(): Promise<{ shops: ShopRetention[]; unowned: RetentionCount[] }> {
    const shops: ShopRetention[] = [];
    for (const { id, shop_url: shopUrl } of await this.deps.shops.list()) {
      const { days, scope } = await this.scopeOf(id, true);
      const due = await dueRequests(this.deps.db, id, scope.before, Number.MAX_SAFE_INTEGER);
      const { fileKeys } = await whatTheyName(this.deps.db, id, due);
      const kinds = [...(await requestCounts(this.deps.db, id, due, fileKeys)), ...(await this.retainOwned(scope))];
      shops.push({ shopId: id, shopUrl, days, closedBefore: scope.before, kinds });
    }
    return { shops, unowned: await this.retainOwned((await this.scopeOf(null, true)).scope) };
  }

  /**
   * One job's part of a shop's run of `day`: up to BATCHES_PER_JOB batches of requests, then the owners' rows, at most
   * ROWS_PER_JOB of each kind. Adds what it deleted to the day's report; `more` when a limit was reached.
   */
  async runShop(shopId: number, day: string): Promise<{ more: boolean }> {
    const { db, privacy } = this.deps;
    const { days, scope } = await this.scopeOf(shopId, false);
    // The owners' rows first: a due request's webhook events are counted as such before forgetting it deletes them.
    const owned = await this.retainOwned(scope);
    let more = owned.some((count) => count.count >= ROWS_PER_JOB);
    const counts: RetentionCount[][] = [owned];
    for (let batch = 0; batch < BATCHES_PER_JOB; batch += 1) {
      const due = await dueRequests(db, shopId, scope.before, REQUESTS_PER_BATCH);
      if (due.length === 0) break;
      const named = await whatTheyName(db, shopId, due);
      counts.push(await requestCounts(db, shopId, due, named.fileKeys));
      await privacy.forgetRequests(shopId, named);
      if (due.length < REQUESTS_PER_BATCH) break;
      more ||= batch === BATCHES_PER_JOB - 1;
    }
    const kinds = mergedCounts(counts);
    await this.runs.add({
      shopId,
      day,
      days,
      closedBefore: scope.before,
      at: nowSeconds(this.deps.clock),
      kinds,
      more,
    });
    return { more };
  }

  /** Deletes leftovers that name no shop (client addresses' rate-limit windows, mails of no shop). */
  async runUnowned(): Promise<RetentionCount[]> {
    return this.retainOwned((await this.scopeOf(null, false)).scope);
  }

  /** The shop's latest run, for the console. */
  lastRun(shopId: number): Promise<RetentionReport | null> {
    return this.runs.last(shopId);
  }

  private async scopeOf(shopId: number | null, dryRun: boolean): Promise<{ days: number; scope: RetentionScope }> {
    const shop = shopId === null ? null : await this.deps.shops.byId(shopId);
    const days = shop?.settings.retention.days ?? RETENTION_DEFAULT_DAYS;
    const now = nowSeconds(this.deps.clock);
    const scope = {
      shopId,
      before: now - days * DAY_SECONDS,
      expiredBefore: now - LEFTOVER_GRACE_SECONDS,
      dryRun,
      limit: dryRun ? Number.MAX_SAFE_INTEGER : ROWS_PER_JOB,
    };
    return { days, scope };
  }

  private async retainOwned(scope: RetentionScope): Promise<RetentionCount[]> {
    const counts: RetentionCount[] = [];
    for (const owner of this.deps.owners) if (owner.retain) counts.push(...(await owner.retain(this.deps.db, scope)));
    return counts;
  }
}
