/**
 * Reads until `done` holds or `timeoutMs` passes, and answers the last read: for what a background
 * worker (pg-boss) does on its own schedule. The caller asserts on the answer, so a read that
 * never comes true fails with what was last seen.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
