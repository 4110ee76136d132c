import { fileURLToPath } from "node:url";
import type Piscina from "piscina";
import { AppError } from "../http/app-error";
import { loadOnce } from "../lib/load-once";
import type * as readUpload from "./read-upload";

type Tasks = typeof readUpload;

/**
 * Run from source (the dev server, the tests), the worker loads the TypeScript through
 * `read-upload.source.mjs`; in the production build, `scripts/build-server.mjs` bundles it to
 * `dist/server/workers/read-upload.js`, next to the server's `index.js`.
 */
const workerFile = import.meta.url.endsWith(".ts")
  ? new URL("./read-upload.source.mjs", import.meta.url)
  : new URL("./workers/read-upload.js", import.meta.url);

// piscina loads with the first upload read, not with every start.
const piscina = loadOnce(async () => (await import("piscina")).default);
let pool: Piscina | undefined;

async function workers(): Promise<Piscina> {
  const Pool = await piscina();
  pool ??= new Pool({
    filename: fileURLToPath(workerFile),
    // Two files read at once at most: a third waits in the queue rather than taking more cores
    // and memory from the requests the server is answering.
    minThreads: 0,
    maxThreads: 2,
    idleTimeout: 60_000,
    // A lower priority than the server's own thread: a busy machine answers requests first.
    niceIncrement: 10,
  });
  return pool;
}

/**
 * Runs one task of `server/workers/read-upload.ts` in a worker thread, so that the server's own
 * thread keeps answering other requests meanwhile; the `AppError` the task throws is thrown here.
 */
export async function runInWorker<K extends keyof Tasks>(
  name: K,
  input: Parameters<Tasks[K]>[0],
): Promise<Extract<Awaited<ReturnType<Tasks[K]>>, { ok: true }>["value"]> {
  const outcome = (await (await workers()).run(input, { name })) as Awaited<ReturnType<Tasks[K]>>;
  if (!outcome.ok) throw new AppError(outcome.code, outcome.message);
  return outcome.value as Extract<Awaited<ReturnType<Tasks[K]>>, { ok: true }>["value"];
}

/** Ends the worker threads (at shutdown); a later task starts them again. */
export async function closeWorkers(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
