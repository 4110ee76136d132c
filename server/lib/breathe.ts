/**
 * Lets the event loop answer other requests (the health check, other users) before going on:
 * long imports call it between chunks so that no request waits behind a whole file.
 */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Splits `items` into arrays of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
