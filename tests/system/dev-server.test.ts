import { randomBytes } from "node:crypto";
import { rm, rmdir } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMigrations } from "../../server/db/migrate";
import { openDatabase } from "../../server/db/pool";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { DOMAIN_PATHS, type TDomain } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import { users } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { freePort, waitFor } from "../setup/app-process";
import { bareEnv, getWithHost, type Running, start } from "../setup/child-process";
import { testChromiumLaunchOptions } from "../setup/chromium";

const repo = path.resolve(import.meta.dirname, "../..");
// Where a newcomer's data lives: inside the repository, as ./data/pglite is.
const dataDir = path.join(repo, "data", `system-${randomBytes(4).toString("hex")}`, "pglite");
const parked = `parked-${randomBytes(3).toString("hex")}.example`;
const unverified = `unverified-${randomBytes(3).toString("hex")}.example`;

let dev: Running;
let port: number;
let baseUrl: string;

/** A user with one verified parked domain and one domain nobody proved, in the dev data folder. */
async function prepareData(): Promise<void> {
  const database = await openDatabase({ pgliteDir: dataDir });
  await runMigrations(database.pool);
  const [owner] = await database.db
    .insert(users)
    .values({
      name: "Parked Owner",
      username: `owner_${randomBytes(3).toString("hex")}`,
      email: `owner_${randomBytes(3).toString("hex")}@example.com`,
      passwordHash: "not-a-hash",
      referralCode: randomBytes(4).toString("hex"),
    })
    .returning();
  await insertDomain(database.db, owner.id, { name: parked, status: "parked", verifiedAt: new Date() });
  await insertDomain(database.db, owner.id, { name: unverified, status: "pending", verifiedAt: null });
  await database.close();
}

beforeAll(async () => {
  await prepareData();
  port = await freePort();
  baseUrl = `http://localhost:${port}`;
  dev = start(path.join(repo, "node_modules/.bin/tsx"), ["server/index.ts"], {
    cwd: repo,
    env: bareEnv({ PORT: String(port), PGLITE_DIR: dataDir, SEED_DEMO: "false" }),
    timeoutMs: 300_000,
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, 90_000).catch((error: unknown) => {
    throw new Error(`${error}\n${dev.output().stdout}\n${dev.output().stderr}`);
  });
});

afterAll(async () => {
  dev?.child.kill("SIGTERM");
  await dev?.exited;
  await rm(path.dirname(dataDir), { recursive: true, force: true });
  // ./data itself only if this test made it (a developer's own data stays).
  await rmdir(path.join(repo, "data")).catch(() => undefined);
});

describe("the development server (npm run dev)", () => {
  it("listens on 127.0.0.1 only, not on the machine's other addresses", async () => {
    expect((await getWithHost(`http://127.0.0.1:${port}/`, `localhost:${port}`)).status).toBe(200);
    const lan = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal);
    if (!lan) return; // a machine with loopback only has nothing else to reach it on
    const reached = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, lan.address, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    expect(reached).toBe(false);
  });

  it("serves the client and shared code", async () => {
    const shared = await fetch(`${baseUrl}/@fs${repo}/shared/catalog.ts`);
    expect(shared.status).toBe(200);
  });

  it("serves the landing page `/` as its own document on Preact, as in production, and the app elsewhere", async () => {
    const landing = await fetch(`${baseUrl}/`);
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).toContain('src="/__landing/src/landing-main.tsx"');
    const entry = await fetch(`${baseUrl}/__landing/src/landing-main.tsx`);
    expect(entry.status).toBe(200);
    // Its `react-dom/client` is Preact's (the dependency, and the chunk it imports).
    const client = (await entry.text()).match(/from "([^"]+\/deps\/react-dom_client\.js[^"]*)"/)?.[1];
    expect(client).toBeDefined();
    const stub = await (await fetch(`${baseUrl}${client}`)).text();
    const chunk = stub.match(/from "\.\/([^"]+)"/)?.[1];
    const runtime = chunk ? await (await fetch(new URL(chunk, `${baseUrl}${client}`))).text() : "";
    expect(stub + runtime).toContain("preact/compat");
    expect(stub + runtime).not.toContain("__DOM_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE");
    const app = await (await fetch(`${baseUrl}/privacy`)).text();
    expect(app).toContain('src="/src/main.tsx"');
    expect(app).not.toContain("landing-main");
  });

  it("refuses server source through /@fs/, raw or not, on the app's and the landing page's servers", async () => {
    for (const url of [
      `/@fs${repo}/server/lib/config.ts?raw`,
      `/@fs${repo}/server/lib/config.ts`,
      `/@fs${repo}/.env.example?raw`,
      `/__landing/@fs${repo}/server/lib/config.ts?raw`,
      `/__landing/@fs${repo}/server/lib/config.ts`,
      `/__landing/@fs${repo}/.env.example?raw`,
    ]) {
      const res = await fetch(`${baseUrl}${url}`);
      expect(res.status, url).toBe(403);
      expect(await res.text(), url).not.toContain("SESSION_SECRET");
    }
  });

  it("refuses anything under the data folder", async () => {
    for (const prefix of ["", "/__landing"]) {
      const res = await fetch(`${baseUrl}${prefix}/@fs${dataDir}/postgresql.conf?raw`);
      expect(res.status, prefix).toBe(403);
      expect(await res.text()).not.toContain("max_connections");
    }
  });

  it("answers a verified parked domain's Host with its parked page, rendered on the server as in production", async () => {
    const res = await getWithHost(`http://127.0.0.1:${port}/`, parked);
    expect(res.status).toBe(200);
    expect(res.body).toContain('class="t-standard"');
    expect(res.body).toContain(parked);
    expect(res.body).not.toContain('<div id="root">');
  });

  it("refuses any other Host: an unverified domain, or a name pointed at this machine (DNS rebinding)", async () => {
    for (const host of [unverified, "attacker.example", `${parked}.attacker.example`]) {
      const res = await getWithHost(`http://127.0.0.1:${port}/`, host);
      expect(res.status, host).toBe(403);
      expect(res.body, host).not.toContain('<div id="root">');
      const api = await getWithHost(`http://127.0.0.1:${port}/api/auth/me`, host);
      expect(api.status, host).toBe(403);
    }
  });

  it("proves a domain in a browser from the records its DNS sandbox publishes, then serves the name's parked page", {
    // The browser's first page on the dev server waits for Vite to prepare the client's modules.
    timeout: 240_000,
  }, async () => {
    const browser = await chromium.launch(testChromiumLaunchOptions);
    try {
      const page = await (await browser.newContext({ baseURL: baseUrl })).newPage();
      const tag = randomBytes(4).toString("hex");
      const registered = await page.request.post(AUTH_PATHS.register, {
        data: {
          name: "Sandbox Owner",
          username: `sandbox_${tag}`,
          email: `sandbox-${tag}@example.com`,
          password: "correct-horse-battery",
        },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      const name = `sandbox-${tag}.com`;
      const added = await page.request.post(DOMAIN_PATHS.list, { data: { name } });
      expect(added.status(), await added.text()).toBe(201);
      const verifyPath = pathTo(DOMAIN_PATHS.verify, { id: ((await added.json()) as TDomain).id });

      await page.goto("/domains");
      await page.getByRole("button", { name: "Manage Domain" }).click({ timeout: 120_000 });
      const sandbox = page.getByRole("region", { name: "DNS sandbox (development only)" });
      await sandbox.getByText("development only").waitFor();
      await sandbox.getByRole("button", { name: "Publish the TXT record" }).click();
      await sandbox.getByTestId("sandbox-records").getByText("parkpilot-verify=").waitFor();
      // The server's answer, then what stays on screen: a toast lasts seconds, and a busy machine
      // can let them pass before the page is looked at (the toast has its test in the browser suite).
      const [checked] = await Promise.all([
        page.waitForResponse(
          (r) => r.request().method() === "POST" && new URL(r.url()).pathname === verifyPath,
        ),
        page.getByRole("button", { name: "Verify now" }).click(),
      ]);
      expect(checked.status(), await checked.text()).toBe(200);
      expect(((await checked.json()) as TDomain).verification.status).toBe("verified");
      await page.getByTestId("domain-verified").getByText("Ownership verified").waitFor({ timeout: 60_000 });

      // The verified name's own host gets its parked page from the same dev server.
      const visitorBrowser = await chromium.launch({
        ...testChromiumLaunchOptions,
        args: [...testChromiumLaunchOptions.args, `--host-resolver-rules=MAP ${name} 127.0.0.1`],
      });
      try {
        const visitor = await visitorBrowser.newPage();
        await visitor.goto(`http://${name}:${port}/`);
        expect(await visitor.title()).toBe(name);
        await visitor.getByRole("button", { name: "Get Free Quotes Now" }).waitFor();
      } finally {
        await visitorBrowser.close();
      }
    } finally {
      await browser.close();
    }
  });
});
