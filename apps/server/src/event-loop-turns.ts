import { setImmediate } from 'node:timers/promises';

/** How long one piece of long work may keep the event loop before it lets other requests in. */
const TURN_MS = 10;

/**
 * Long synchronous-looking work (an import on SQLite, whose statements block the thread) in slices: `check()` between
 * steps hands the event loop back once the slice has used its time, so requests that arrived meanwhile are answered
 * before the work goes on.
 */
export class EventLoopTurns {
  private started = performance.now();

  constructor(private readonly sliceMs = TURN_MS) {}

  async check(): Promise<void> {
    if (performance.now() - this.started < this.sliceMs) return;
    await setImmediate();
    this.started = performance.now();
  }
}
