/**
 * A reason the server cannot start that the person starting it can fix (a port in use, a folder
 * it cannot write, a database it cannot reach). Boot prints its message as one line and exits
 * non-zero, without a stack trace: the message already says what to change.
 */
export class StartupError extends Error {
  override name = "StartupError";
}

/** The `code` of a Node system error (`EADDRINUSE`, `ENOENT`…), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
