/**
 * Work under way that a stop waits for before the database closes: each promise is kept until it
 * settles, whatever its outcome.
 */
export class InFlight {
  private readonly running = new Set<Promise<void>>();

  /** Keeps `work` until it settles and answers it unchanged (its rejection stays the caller's). */
  track<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
    return work;
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves once nothing tracked is under way, work tracked while it waits included. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
