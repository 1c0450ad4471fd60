import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Counter, Gauge, type Registry } from 'prom-client';

const NS_PER_SECOND = 1e9;

/**
 * Node's process figures for /metrics, read when it is scraped (ADR 045). Not prom-client's default set: it observes
 * every garbage collection, which cost the server 2–4 % more CPU per request on the bench (bench/README.md), against a
 * budget of 2 % for all of /metrics. GC pauses still show, as event-loop delay. The names are the usual ones.
 */
export function processMetrics(registry: Registry): { stop(): void } {
  const registers = [registry];
  const cpuCounter = (name: string, help: string, part: (usage: NodeJS.CpuUsage) => number) => {
    let last = 0;
    const counter: Counter = new Counter({
      name,
      help,
      registers,
      collect() {
        const now = part(process.cpuUsage());
        counter.inc((now - last) / 1e6);
        last = now;
      },
    });
  };
  cpuCounter('process_cpu_user_seconds_total', 'User CPU time spent, in seconds', (u) => u.user);
  cpuCounter('process_cpu_system_seconds_total', 'System CPU time spent, in seconds', (u) => u.system);
  cpuCounter('process_cpu_seconds_total', 'User and system CPU time spent, in seconds', (u) => u.user + u.system);

  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read());
      },
    });
  const startedAt = Math.round(Date.now() / 1000 - process.uptime());
  gauge('process_start_time_seconds', 'When the process started, in unix seconds', () => startedAt);
  gauge('process_resident_memory_bytes', 'Resident memory, in bytes', () => process.memoryUsage.rss());
  gauge('nodejs_heap_size_used_bytes', 'V8 heap in use, in bytes', () => process.memoryUsage().heapUsed);
  gauge('nodejs_heap_size_total_bytes', 'V8 heap reserved, in bytes', () => process.memoryUsage().heapTotal);
  gauge(
    'nodejs_active_resources_total',
    'Handles and requests keeping the event loop alive (sockets, timers, files)',
    () => process.getActiveResourcesInfo().length,
  );

  let busySince = performance.eventLoopUtilization();
  gauge('nodejs_eventloop_utilization_ratio', 'Share of the time the event loop was busy since the last scrape', () => {
    const busy = performance.eventLoopUtilization(busySince);
    busySince = performance.eventLoopUtilization();
    return busy.utilization;
  });
  // A timer every 20 ms notes how late it runs: the loop's delay between scrapes (reset at each), GC pauses included.
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  new Gauge({
    name: 'nodejs_eventloop_delay_seconds',
    help: 'Event-loop delay since the last scrape: its 99th percentile and its highest',
    labelNames: ['stat'] as const,
    registers,
    collect() {
      const seen = delay.count > 0;
      this.set({ stat: 'p99' }, seen ? delay.percentile(99) / NS_PER_SECOND : 0);
      this.set({ stat: 'max' }, seen ? delay.max / NS_PER_SECOND : 0);
      delay.reset();
    },
  });
  return { stop: () => delay.disable() };
}
