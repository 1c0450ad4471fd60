import type { ReturnRule, RuleAction, RuleCondition } from '@return-center/contract';
import { present } from '@return-center/domain';
import { shop, type TestApp } from './helper.js';

/** A rule of the demo shop, named after its id ("refund-on-scan" is "refund on scan"), on and matching all. */
export const rule = (id: string, conditions: RuleCondition[], actions: RuleAction[]): ReturnRule => ({
  id,
  name: id.replace(/-/g, ' '),
  enabled: true,
  match: 'all',
  conditions,
  actions,
});

/** A warehouse a rule sends returns to instead of the shop's address. */
export const EAST_WAREHOUSE = {
  name: 'East Coast Returns',
  address1: '1 Harbor Way',
  address2: '',
  city: 'Newark',
  province_code: 'NJ',
  zip: '07102',
  country_code: 'US',
};

/** Saves the demo shop's rules over the version it has now, with empty block lists. */
export async function saveRules(t: TestApp, rules: ReturnRule[]): Promise<void> {
  const demo = present(await t.app.ctx.services.storefront.shops.byUrl(shop), 'demo shop');
  const { version } = await t.app.ctx.services.rules.current(demo);
  await t.app.ctx.services.rules.save(
    demo,
    { rules, lists: { emails: [], addresses: [], order_patterns: [] } },
    version,
  );
}

/** The request's timeline as "<actor>: <action>", oldest first, without the emails. */
export const timelineOf = async (t: TestApp, requestId: number) =>
  (
    await t.db
      .selectFrom('request_events')
      .select(['actor', 'action'])
      .where('request_id', '=', requestId)
      .where('action', '!=', 'email')
      .orderBy('id')
      .execute()
  ).map((event) => `${event.actor}: ${event.action}`);

/**
 * Every rule job that has run is queued again and run, as when a worker dies after the job's effect and before it
 * marks the job done; answers how each of those jobs ended.
 */
export async function rerunRuleJobs(t: TestApp) {
  await t.db.updateTable('jobs').set({ status: 'queued', run_at: 0 }).where('kind', '=', 'request.rules').execute();
  await t.app.ctx.worker.runDue();
  return t.db.selectFrom('jobs').select(['status', 'last_error']).where('kind', '=', 'request.rules').execute();
}

/** The refunds asked of the platform for the request (its refund jobs), and where its money stands. */
export async function refundsOf(t: TestApp, requestId: number) {
  const jobs = await t.db.selectFrom('jobs').select('payload').where('kind', '=', 'request.refund').execute();
  const request = await t.db
    .selectFrom('return_requests')
    .select(['status', 'refund_state', 'actual_refund'])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow();
  const asked = jobs.filter((job) => (JSON.parse(job.payload) as { requestId: number }).requestId === requestId);
  return { asked: asked.length, ...request };
}
