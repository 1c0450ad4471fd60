/**
 * `tsx bench/health-pinger.ts <server url>`: GET /health every 20 ms until stdin closes, then prints the round trips
 * as JSON pairs: when each was sent (ms since the epoch) and how long it took (ms). A process of its own, so the
 * bench's own work does not delay the pings it measures.
 */
const url = `${process.argv[2] ?? ''}/health`;
const times: [number, number][] = [];
const state = { running: true };
process.stdin.on('end', () => (state.running = false));
process.stdin.resume();
while (state.running) {
  const [at, sent] = [Date.now(), performance.now()];
  try {
    await (await fetch(url)).arrayBuffer();
    times.push([at, performance.now() - sent]);
  } catch {
    times.push([at, Number.MAX_SAFE_INTEGER]);
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}
process.stdout.write(JSON.stringify(times));

export {};
