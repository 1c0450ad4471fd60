/** Thrown when a bounded queue is full: the caller answers "busy, try again" instead of piling up work. */
export class QueueFull extends Error {
  constructor() {
    super('queue full');
  }
}

/**
 * Runs expensive work (image decoding, PDF drawing) at most `slots` at a time, with at most `waiting` more queued.
 * Anything beyond that is refused at once, so a burst costs a clear answer instead of memory and CPU for everyone.
 */
export class BoundedQueue {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly slots: number,
    private readonly waiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) {
      if (this.queue.length >= this.waiting) throw new QueueFull();
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.queue.shift()?.();
    }
  }
}
