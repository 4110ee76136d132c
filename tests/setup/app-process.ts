import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface AppProcess {
  baseUrl: string;
  child: ChildProcess;
  /** SIGTERM and wait for the exit (graceful drain). */
  stop(): Promise<void>;
  /** SIGKILL: no chance to flush or drain. */
  kill(): Promise<void>;
  /** What it wrote to stdout and stderr so far (with `keepOutput`; else it goes to the test's own). */
  output(): string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = http.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Polls `url` until it answers 2xx; answers how long that took. */
export async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const start = performance.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - start;
    } catch {
      // not listening yet
    }
    if (performance.now() - start > timeoutMs)
      throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });

/**
 * The production build (`npm run build`) in its own process on a free port. APP_SERVER names
 * another built entry (a build into another folder at the repository's root, as E2E_SERVER does
 * for the browser tests), so that a run need not rebuild dist/ under the others.
 */
export async function startAppProcess(
  env: Record<string, string | undefined> | ((port: number) => Record<string, string | undefined>) = {},
  /** How long its first answer may take: longer beside a busy browser suite. */
  { startTimeoutMs = 60_000, keepOutput = false }: { startTimeoutMs?: number; keepOutput?: boolean } = {},
): Promise<AppProcess> {
  const entry = process.env.APP_SERVER ?? "dist/server/index.js";
  if (!existsSync(entry) || !existsSync(`${entry.replace(/server\/index\.js$/, "")}public/index.html`)) {
    throw new Error("The production build is missing: run `npm run build` first.");
  }
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: "app-process-session-secret-0123",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "error",
      // Test money: the system suites pay and withdraw in the sandbox, and send load from one address.
      PAYMENTS_SANDBOX: "true",
      LEADS_PER_ADDRESS_PER_HOUR: "1000000",
      LEADS_PER_DOMAIN_PER_HOUR: "1000000",
      ...(typeof env === "function" ? env(port) : env),
    },
    stdio: ["ignore", keepOutput ? "pipe" : "inherit", keepOutput ? "pipe" : "inherit"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  // A start that never answers is stopped here: its caller gets no handle to stop it with.
  await waitFor(`${baseUrl}/api/health`, startTimeoutMs).catch(async (error: unknown) => {
    child.kill("SIGKILL");
    await exited(child);
    throw error;
  });
  return {
    baseUrl,
    child,
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
    },
    async kill() {
      child.kill("SIGKILL");
      await exited(child);
    },
    output: () => output,
  };
}
