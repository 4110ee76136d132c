/** A day in milliseconds, for moving a test's clock. */
export const DAY_MS = 86_400_000;
