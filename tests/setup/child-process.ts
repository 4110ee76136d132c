import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Running {
  child: ChildProcess;
  /** Everything written so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves when the process has exited. */
  exited: Promise<Finished>;
}

/**
 * Starts a command with exactly `env` (nothing inherited unless passed), collecting its output.
 * A process still running after `timeoutMs` is killed, so a hung start fails a test, not the run.
 */
export function start(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string | undefined>; timeoutMs: number },
): Running {
  // Its own process group, so that a timeout ends everything it started (npm, sh, tsx, node).
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk;
  });
  const timer = setTimeout(() => killGroup(child), options.timeoutMs);
  const exited = new Promise<Finished>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** SIGKILL to the process and everything it started. */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Runs a command to its end; rejects, with its output, when it exits non-zero. */
export async function run(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string | undefined>; timeoutMs: number },
): Promise<Finished> {
  const finished = await start(command, args, options).exited;
  if (finished.code !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} exited ${finished.code ?? finished.signal}\n${finished.stdout}\n${finished.stderr}`,
    );
  }
  return finished;
}

/** The environment a newcomer's shell gives a command: only PATH and HOME, plus `extra`. */
export function bareEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/root", ...extra };
}

/**
 * `npm run <script>` at the repository's root, as a newcomer's shell runs it (quietly, with
 * `bareEnv(env)`), with `args` after `--`; resolves when it exits.
 */
export function npmRun(
  script: string,
  env: Record<string, string>,
  options: { args?: string[]; timeoutMs: number },
): Promise<Finished> {
  const args = options.args?.length ? ["--", ...options.args] : [];
  return start("npm", ["run", "--silent", script, ...args], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: bareEnv(env),
    timeoutMs: options.timeoutMs,
  }).exited;
}

/**
 * A GET with any Host header (fetch does not let a caller choose it), answering status and body.
 */
export function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
  });
}

/** The session cookie (`name=value`) an answer sets; the device cookie may come before it. */
export function sessionCookieOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("parkpilot.sid="));
  if (!cookie) throw new Error(`no session cookie was set: ${res.headers.getSetCookie().join(" | ")}`);
  return cookie.split(";")[0];
}

/**
 * Signs in through the API as a browser would (same-origin `Origin`); answers the cookies to send
 * back and the session cookie as set (to check its attributes).
 */
export async function signIn(
  baseUrl: string,
  usernameOrEmail: string,
  password: string,
): Promise<{ cookie: string; sessionCookie: string }> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ usernameOrEmail, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const setCookies = res.headers.getSetCookie();
  const sessionCookie = setCookies.find((c) => c.startsWith("parkpilot.sid="));
  if (!sessionCookie) throw new Error(`sign-in set no session cookie: ${setCookies.join(" | ")}`);
  return { cookie: setCookies.map((c) => c.split(";")[0]).join("; "), sessionCookie };
}
