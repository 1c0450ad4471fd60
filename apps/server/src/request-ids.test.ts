import { calls } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEasyPostApp } from '../test/easypost.js';
import type { FakeEasyPost } from '../test/fakes/easypost-server.js';
import { buildTestApp, dialects, submitReturn, type TestApp } from '../test/helper.js';
import { rule, saveRules } from '../test/rules.js';

type Line = Record<string, unknown>;

/**
 * What an operator follows in the logs (ADR 051): a shopper's submit, the jobs it sets off (and the jobs those queue),
 * and the vendor calls they make all carry the submit's request id.
 */
describe.each(dialects)('request ids in jobs and vendor calls on %s', (dialect) => {
  let t: TestApp;
  const lines: Line[] = [];
  beforeEach(async () => {
    lines.length = 0;
    t = await buildTestApp(
      dialect,
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) } },
    );
  });
  afterEach(() => t.close());

  const submitted = async () => {
    // The rule approves at once, so the approval's label is bought from the carrier by a job the rule's job queues.
    await saveRules(t, [rule('approve-all', [], [{ type: 'auto_approve' }])]);
    const { requestId } = await submitReturn(t, { shipping_method_id: 1 });
    const submit = lines.find((line) => line.msg === 'request completed' && line.url === calls.setReturnOrder.path);
    expect(submit).toMatchObject({ statusCode: 200 });
    return { requestId, reqId: String(submit?.reqId) };
  };

  it('a submit, its jobs and the carrier call they make log the same request id', async () => {
    const { requestId, reqId } = await submitted();
    await t.app.ctx.worker.runDue();

    const ofSubmit = lines.filter((line) => line.reqId === reqId);
    const jobsRun = ofSubmit.filter((line) => line.msg === 'job completed').map((line) => line.kind);
    expect(jobsRun).toEqual(expect.arrayContaining(['request.notify', 'request.rules', 'request.documents']));
    expect(ofSubmit.find((line) => line.msg === 'job completed')).toMatchObject({
      jobId: expect.any(Number) as unknown,
      attempt: 1,
    });
    expect(ofSubmit.filter((line) => line.msg === 'vendor call')).toEqual([
      expect.objectContaining({
        level: 30,
        port: 'carrier',
        adapter: 'sandbox',
        operation: 'createLabel',
        outcome: 'ok',
        retries: 0,
        kind: 'request.documents',
      }),
    ]);
    // Every job of the request, and only those, remembers the submit; the sign-in before it was another request.
    const jobs = await t.db.selectFrom('jobs').select(['kind', 'req_id']).orderBy('id').execute();
    const ofRequest = jobs.filter((job) => job.req_id === reqId).map((job) => job.kind);
    expect(ofRequest).toEqual(expect.arrayContaining(['request.notify', 'request.rules', 'request.documents']));
    const label = await t.db
      .selectFrom('return_requests')
      .select('label_url')
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(label.label_url).not.toBe('');
    const login = lines.find((line) => line.msg === 'request completed' && line.url === calls.login.path);
    expect(login?.reqId).toEqual(expect.any(String));
    expect(login?.reqId).not.toBe(reqId);
  });

  it('a vendor call that fails logs a warning with the request id, as does the job that failed with it', async () => {
    await t.close();
    let easypost: FakeEasyPost;
    ({ t, easypost } = await buildEasyPostApp(
      dialect,
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) } },
    ));
    // EasyPost answers 500 to every try: the adapter retries, then gives up, and the job will be tried later.
    easypost.faults.fail = { status: 500, count: 100 };
    const { reqId } = await submitted();
    await t.app.ctx.worker.runDue();
    const ofSubmit = lines.filter((line) => line.reqId === reqId);
    expect(ofSubmit.filter((line) => line.msg === 'vendor call')).toEqual([
      expect.objectContaining({
        level: 40,
        port: 'carrier',
        adapter: 'easypost',
        operation: 'createLabel',
        outcome: 'error',
        retries: expect.any(Number) as unknown,
        kind: 'request.documents',
      }),
    ]);
    expect(ofSubmit.find((line) => line.msg === 'vendor call')?.retries).toBeGreaterThan(0);
    expect(ofSubmit.find((line) => line.msg === 'job failed')).toMatchObject({ level: 40, kind: 'request.documents' });
    await easypost.close();
  });
});
