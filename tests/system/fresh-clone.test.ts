import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, waitFor } from "../setup/app-process";
import { bareEnv, type Finished, killGroup, type Running, run, signIn, start } from "../setup/child-process";
import { eventually } from "../setup/eventually";
import { postgresServerUrl } from "../setup/test-database";

/**
 * The README as a newcomer meets it: the committed repository cloned into an empty folder (no
 * node_modules, no data), `npm ci`, then `npm run dev` with an empty environment; then the
 * production build with only SESSION_SECRET and DATABASE_URL. Each is used through the API as a
 * browser would, and stopped with SIGTERM, which must end it cleanly.
 */
const repo = path.resolve(import.meta.dirname, "../..");
const MINUTE = 60_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database on the PostgreSQL server, as an operator would create one. */
async function createEmptyDatabase(): Promise<string> {
  const name = `parkpilot_clone_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresServerUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: postgresServerUrl() });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Waits for `/` to answer 200, failing with the process's output if it does not. */
async function waitForHome(server: Running, baseUrl: string): Promise<void> {
  const failed = server.exited.then((f) => {
    throw new Error(`the server exited (${f.code ?? f.signal}) before answering\n${f.stdout}\n${f.stderr}`);
  });
  await Promise.race([waitFor(`${baseUrl}/`, 3 * MINUTE), failed]).catch((error: unknown) => {
    const { stdout, stderr } = server.output();
    throw new Error(`${error}\n${stdout}\n${stderr}`);
  });
}

/** Signs in as the demo account and reads the dashboard, as the browser's first screen does. */
async function useAsDemo(baseUrl: string): Promise<{ sessionCookie: string }> {
  const { cookie, sessionCookie } = await signIn(baseUrl, "demo@example.com", "demo-password");
  const dashboard = await fetch(`${baseUrl}/api/revenue/dashboard`, { headers: { cookie } });
  expect(dashboard.status).toBe(200);
  expect(await dashboard.json()).toBeTypeOf("object");
  return { sessionCookie };
}

/** SIGTERM to the npm process alone, as a process manager sends it; npm must pass it on. */
async function stop(server: Running): Promise<Finished> {
  server.child.kill("SIGTERM");
  const late = setTimeout(() => killGroup(server.child), 30_000);
  const finished = await server.exited;
  clearTimeout(late);
  return finished;
}

describe("a fresh clone", () => {
  let clone: string;

  it("installs with npm ci from the committed lock file", { timeout: 10 * MINUTE }, async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), "parkpilot-clone-"));
    cleanups.push(() => rm(parent, { recursive: true, force: true }));
    clone = path.join(parent, "parkpilot");
    await run("git", ["clone", "--quiet", repo, clone], { cwd: parent, env: bareEnv(), timeoutMs: MINUTE });
    expect(existsSync(path.join(clone, "node_modules"))).toBe(false);
    expect(existsSync(path.join(clone, "data"))).toBe(false);

    await run("npm", ["ci", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: clone,
      env: bareEnv(),
      timeoutMs: 8 * MINUTE,
    });
  });

  it("runs `npm run dev` with no environment: data folder, demo account, sign-in, clean stop", {
    timeout: 5 * MINUTE,
  }, async () => {
    expect(clone).toBeDefined();
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const dev = start("npm", ["run", "dev"], {
      cwd: clone,
      env: bareEnv({ PORT: String(port) }),
      timeoutMs: 4 * MINUTE,
    });
    cleanups.push(async () => killGroup(dev.child));

    await waitForHome(dev, baseUrl);
    expect(existsSync(path.join(clone, "data", "pglite", "PG_VERSION"))).toBe(true);
    // The server answers first; the job queue starts next, then the start-up lines are logged.
    const started = await eventually(
      async () => dev.output().stdout,
      (out) => out.includes("demo@example.com / demo-password"),
      60_000,
    );
    expect(started).toContain(`http://localhost:${port}`);
    expect(started).toContain("demo@example.com / demo-password");
    await useAsDemo(baseUrl);

    const finished = await stop(dev);
    expect(finished.code, finished.stderr).toBe(0);
    expect(existsSync(path.join(clone, "data", "pglite", "parkpilot.pid"))).toBe(false);
  });

  it("runs the production build with only SESSION_SECRET and DATABASE_URL, over plain http://localhost", {
    timeout: 8 * MINUTE,
  }, async () => {
    expect(clone).toBeDefined();
    const databaseUrl = await createEmptyDatabase();
    await run("npm", ["run", "build"], { cwd: clone, env: bareEnv(), timeoutMs: 5 * MINUTE });
    // The README's way to try production with the demo data.
    await run("npm", ["run", "db:seed"], {
      cwd: clone,
      env: bareEnv({ DATABASE_URL: databaseUrl }),
      timeoutMs: MINUTE,
    });
    const port = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const env = bareEnv({
      PORT: String(port),
      SESSION_SECRET: randomBytes(24).toString("hex"),
      DATABASE_URL: databaseUrl,
    });
    const prod = start("npm", ["start"], { cwd: clone, env, timeoutMs: 2 * MINUTE });
    cleanups.push(async () => killGroup(prod.child));

    await waitForHome(prod, baseUrl);
    const started = await eventually(
      async () => prod.output().stdout,
      (out) => out.includes("PUBLIC_URL is not set"),
      60_000,
    );
    expect(started).toContain("PUBLIC_URL is not set");
    const { sessionCookie } = await useAsDemo(baseUrl);
    // A Secure cookie would never come back over plain HTTP: sign-in would loop to /login.
    expect(sessionCookie).not.toMatch(/;\s*secure/i);

    const finished = await stop(prod);
    expect(finished.code, finished.stderr).toBe(0);
  });
});
