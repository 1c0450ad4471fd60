import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { HttpDurations } from './http-durations.js';

describe('HttpDurations', () => {
  it('is read out as a Prometheus histogram: cumulative buckets, +Inf, sum and count per method, route and status', async () => {
    const registry = new Registry();
    const durations = new HttpDurations([0.01, 0.1, 1], registry);
    for (const seconds of [0.004, 0.01, 0.05, 2]) durations.observe('GET', '/orders/:id', 200, seconds);
    durations.observe('POST', '/orders/:id', 404, 0.5);

    const text = await registry.metrics();
    expect(text).toContain('# TYPE rc_http_request_duration_seconds histogram');
    const series = (labels: string) =>
      text
        .split('\n')
        .filter((line) => line.includes(labels))
        .map((line) => line.replace(labels, '…'));
    expect(series('method="GET",route="/orders/:id",status_code="200"')).toEqual([
      'rc_http_request_duration_seconds_bucket{le="0.01",…} 2',
      'rc_http_request_duration_seconds_bucket{le="0.1",…} 3',
      'rc_http_request_duration_seconds_bucket{le="1",…} 3',
      'rc_http_request_duration_seconds_bucket{le="+Inf",…} 4',
      'rc_http_request_duration_seconds_sum{…} 2.064',
      'rc_http_request_duration_seconds_count{…} 4',
    ]);
    expect(series('method="POST",route="/orders/:id",status_code="404"')).toHaveLength(6);

    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain('rc_http_request_duration_seconds_count');
  });
});
