import { access, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startAppProcess } from "../setup/app-process";
import { bareEnv, start } from "../setup/child-process";
import { serverDatabaseForTests } from "../setup/server-database";

const repo = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(repo, "node_modules/.bin/tsx");

/** `npm run dev`'s server with a bare environment plus `env`, run until it exits by itself. */
async function boot(env: Record<string, string>) {
  const port = env.PORT ?? String(await freePort());
  return start(tsx, ["server/index.ts"], {
    cwd: repo,
    env: bareEnv({ PORT: port, ...env }),
    timeoutMs: 60_000,
  }).exited;
}

/** A newcomer's failure: exit 1 and the one line on stderr, no stack trace. */
function expectOneLine(finished: { code: number | null; stderr: string }): string {
  expect(finished.code).toBe(1);
  const lines = finished.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(finished.stderr).not.toMatch(/^\s+at /m);
  return lines[0];
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "parkpilot-boot-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe("a start that cannot succeed says why in one line and exits 1", () => {
  it("when the port is taken, it names the port and PORT, before touching the database", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as net.AddressInfo).port;
    const dir = path.join(await tempDir(), "pglite");

    const finished = await boot({ PORT: String(port), PGLITE_DIR: dir });

    expect(expectOneLine(finished)).toBe(`port ${port} is in use; set PORT`);
    expect(await exists(dir)).toBe(false);
  });

  it("when the data folder cannot be created (a file is in the way), it names the folder and PGLITE_DIR", async () => {
    const file = path.join(await tempDir(), "not-a-folder");
    await writeFile(file, "");
    const dir = path.join(file, "pglite");

    const line = expectOneLine(await boot({ PGLITE_DIR: dir }));

    expect(line).toBe(
      `cannot create or write the data folder ${dir} (a file stands where a folder should be); set PGLITE_DIR to a folder you can write`,
    );
  });

  it.skipIf(process.platform !== "linux")(
    "when the data folder cannot be written, it says permission denied",
    async () => {
      // A folder no one may write in, the superuser included (CI runs as root).
      const line = expectOneLine(await boot({ PGLITE_DIR: "/sys/kernel" }));

      expect(line).toBe(
        "cannot create or write the data folder /sys/kernel (permission denied); set PGLITE_DIR to a folder you can write",
      );
    },
  );

  it("when a second server starts on the same embedded folder, it is refused and the first one's data stays whole", async () => {
    const dir = path.join(await tempDir(), "nested", "pglite");
    const first = await startAppProcess({ DATABASE_URL: "", PGLITE_DIR: dir });
    cleanups.push(() => first.stop());
    const before = await postLead(first.baseUrl, "before-second@example.com");

    const line = expectOneLine(await boot({ PGLITE_DIR: dir }));

    expect(line).toBe(
      `the data folder ${dir} is in use by another ParkPilot process (pid ${first.child.pid}); stop it first, or set PGLITE_DIR to another folder`,
    );
    const after = await postLead(first.baseUrl, "after-second@example.com");
    await first.stop();
    const pglite = await PGlite.create(dir);
    const { rows } = await pglite.query<{ id: string }>("select id from leads order by created_at");
    await pglite.close();
    expect(rows.map((r) => r.id)).toEqual([before, after]);
  });

  it("when DATABASE_URL refuses connections, it names the host and port and says what to check", async () => {
    const port = await freePort();

    const line = expectOneLine(
      await boot({ DATABASE_URL: `postgres://app:secret@127.0.0.1:${port}/parkpilot` }),
    );

    expect(line).toBe(
      `cannot reach the database server at 127.0.0.1:${port} (connection refused): check DATABASE_URL and that PostgreSQL is running and listening there`,
    );
    expect(line).not.toContain("secret");
  });

  it("when DATABASE_URL names a host that does not exist, it names that host", async () => {
    const line = expectOneLine(
      await boot({ DATABASE_URL: "postgres://app:secret@db.invalid:5432/parkpilot" }),
    );

    expect(line).toBe(
      "cannot reach the database server: the host db.invalid in DATABASE_URL was not found; check its spelling and your DNS",
    );
  });
});

describe("a production start never creates the demo account", () => {
  const server = serverDatabaseForTests();

  it.each([
    ["the embedded engine", () => ({ DATABASE_URL: "" })],
    ["a PostgreSQL server", () => ({ DATABASE_URL: server.url })],
  ])("on %s: demo@example.com cannot sign in and no such account exists", async (_engine, engine) => {
    const dir = path.join(await tempDir(), "pglite");
    const app = await startAppProcess({ PGLITE_DIR: dir, SEED_DEMO: undefined, ...engine() });
    cleanups.push(() => app.stop());

    const signIn = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl },
      body: JSON.stringify({ usernameOrEmail: "demo@example.com", password: "demo-password" }),
    });
    await app.stop();

    expect(signIn.status).toBe(401);
    const engineUrl = engine().DATABASE_URL;
    const rows = engineUrl
      ? (await server.client.query("select 1 from users where email = 'demo@example.com'")).rows
      : await readEmbedded(dir, "select 1 from users where email = 'demo@example.com'");
    expect(rows).toHaveLength(0);
  });

  it("and a production start told to (SEED_DEMO=true) is refused, naming the setting", async () => {
    const finished = await start(process.execPath, ["dist/server/index.js"], {
      cwd: repo,
      env: bareEnv({ NODE_ENV: "production", SESSION_SECRET: "a-secret-of-sixteen+", SEED_DEMO: "true" }),
      timeoutMs: 60_000,
    }).exited;

    expect(finished.code).toBe(1);
    expect(finished.stderr).toContain("SEED_DEMO: production never creates the demo account at start");
  });
});

async function readEmbedded(dir: string, query: string): Promise<unknown[]> {
  const pglite = await PGlite.create(dir);
  const { rows } = await pglite.query(query);
  await pglite.close();
  return rows;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function postLead(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, zipCode: "60601", source: "car-insurance-landing", value: 75 }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
