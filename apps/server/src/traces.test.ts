import { calls } from '@return-center/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildEasyPostApp } from '../test/easypost.js';
import { startOtlpCollector, type ReceivedSpan } from '../test/fakes/otlp-collector.js';
import { dialects, submitReturn } from '../test/helper.js';
import { rule, saveRules } from '../test/rules.js';

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, the server sends its traces to a collector over OTLP/HTTP (ADR 051): the
 * submit's HTTP span, the spans of the jobs it sets off in the same trace, and the carrier call they make.
 */
describe.each(dialects)('OpenTelemetry traces on %s', (dialect) => {
  let collector: Awaited<ReturnType<typeof startOtlpCollector>>;
  beforeEach(async () => {
    collector = await startOtlpCollector();
  });
  afterEach(() => collector.close());

  /** Submits a return a rule approves at once, runs its jobs, and closes the server (which sends what it buffered). */
  async function submitAndStop(failCarrier: boolean) {
    const { t, easypost } = await buildEasyPostApp(dialect, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // A loaded machine draws the fake's first label slowly; the test is about spans, not time.
      VENDOR_TIMEOUT_MS: '10000',
    });
    if (failCarrier) easypost.faults.fail = { status: 422, count: 100 };
    await saveRules(t, [rule('approve-all', [], [{ type: 'auto_approve' }])]);
    await submitReturn(t, { shipping_method_id: 1 });
    await t.app.ctx.worker.runDue();
    await t.close();
    await easypost.close();
    const spans = collector.spans;
    const named = (name: string) => spans.filter((span) => span.name === name);
    const submit = named(`POST ${calls.setReturnOrder.path}`);
    expect(submit).toHaveLength(1);
    return { spans, named, submit: submit[0] as ReceivedSpan };
  }

  it('sends the submit, the jobs it sets off and their carrier call as one trace', async () => {
    const { named, submit } = await submitAndStop(false);
    expect(submit).toMatchObject({
      kind: SERVER,
      parentSpanId: '',
      attributes: {
        'http.request.method': 'POST',
        'http.route': calls.setReturnOrder.path,
        'http.response.status_code': 200,
      },
      resource: { 'service.name': 'return-center', 'service.version': expect.any(String) as unknown },
    });
    // The rule's job continues the submit's trace; the label's job, queued by the rule's approval, continues the rule's.
    const [rules] = named('job request.rules');
    expect(rules).toMatchObject({
      traceId: submit.traceId,
      parentSpanId: submit.spanId,
      attributes: { 'job.kind': 'request.rules', 'job.outcome': 'done', 'job.attempt': 1 },
    });
    const [documents] = named('job request.documents');
    expect(documents).toMatchObject({ traceId: submit.traceId, parentSpanId: rules?.spanId });
    expect(named('job request.notify')[0]).toMatchObject({ traceId: submit.traceId, parentSpanId: submit.spanId });
    expect(named('carrier createLabel')).toEqual([
      expect.objectContaining({
        kind: CLIENT,
        traceId: submit.traceId,
        parentSpanId: documents?.spanId,
        attributes: {
          'vendor.port': 'carrier',
          'vendor.adapter': 'easypost',
          'vendor.operation': 'createLabel',
          'vendor.outcome': 'ok',
          'vendor.retries': 0,
        },
      }),
    ]);
    // The sign-in before the submit is a trace of its own.
    const [login] = named(`POST ${calls.login.path}`);
    expect(login?.traceId).not.toBe(submit.traceId);
  });

  it('marks the carrier call and its job failed when the carrier refuses', async () => {
    const { named, submit } = await submitAndStop(true);
    const [documents] = named('job request.documents');
    expect(documents).toMatchObject({
      traceId: submit.traceId,
      statusCode: ERROR,
      attributes: { 'job.outcome': 'retry' },
    });
    expect(named('carrier createLabel')[0]).toMatchObject({
      traceId: submit.traceId,
      parentSpanId: documents?.spanId,
      statusCode: ERROR,
      attributes: { 'vendor.outcome': 'error', 'error.type': expect.any(String) as unknown },
    });
  });
});
