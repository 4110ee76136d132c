import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_GODADDY_PORT } from "./tests/e2e/registrar";
import { testChromiumLaunchOptions } from "./tests/setup/chromium";
import { E2E_DNS_PORT } from "./tests/setup/dns-server";

/**
 * Browser tests drive the built app (`node dist/server/index.js`, run `npm run build` first) on a
 * fresh in-memory database. With E2E_DEV=1 they drive the development server instead, which
 * needs no build and leaves dist/ alone. E2E_SERVER names another built server entry and
 * E2E_PORT another port.
 */
const port = Number(process.env.E2E_PORT ?? 5100);
const builtServer = process.env.E2E_SERVER ?? "dist/server/index.js";
const baseURL = `http://127.0.0.1:${port}`;
const dev = process.env.E2E_DEV === "1";
/**
 * The built server never creates the demo account (production never does): the run seeds it with
 * `npm run db:seed`'s built command into a fresh data folder of its own, then starts the server on it.
 */
const dataDir = path.join(os.tmpdir(), `parkpilot-e2e-${port}`);
const seedThenStart = `rm -rf ${dataDir} && node ${path.join(path.dirname(builtServer), "seed-cli.js")} && node ${builtServer}`;
/** The app mails through SMTP on this port; the password-reset test listens there while it runs. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? port + 25);

export default defineConfig({
  testDir: "tests/e2e",
  // The DNS server that domain ownership is proven on (DNS_SERVERS below); tests publish records on it.
  globalSetup: "./tests/e2e/dns-global-setup.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Three workers on two cores: a test often waits (on the server, a poll, a second browser), and
  // the third keeps the cores busy meanwhile (the suite took 350 s with two, 295 s with three).
  workers: 3,
  reporter: "list",
  // Many tests are whole flows (sign-up, purchase, checkout, a second browser): on two busy cores they
  // need more than 30 s; a passing test is no slower for it.
  timeout: 60_000,
  // A page's first render after a navigation waits on the server, which every worker shares: on a
  // slow machine it took more than 7 s. A passing check returns as soon as it holds.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    // A trace is recorded all through a test (its screencast never stops) and costs CPU the other
    // tests need, so one is recorded only when a failed test runs again: the retry is what a reader opens.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    // As a visitor who asked their system for less motion: no transitions, no chart animations,
    // which on two cores cost the other tests' CPU and prove nothing a settled page does not.
    reducedMotion: "reduce",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: testChromiumLaunchOptions,
      },
    },
  ],
  webServer: {
    command: dev ? "npx tsx server/index.ts" : seedThenStart,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: dev ? "development" : "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      // The demo account (demo@example.com) is there from the start, as on a first `npm run dev`.
      PGLITE_DIR: dev ? "memory://" : dataDir,
      ...(dev ? { SEED_DEMO: "true" } : {}),
      SESSION_SECRET: "e2e-secret-e2e-secret",
      QUOTES_URL: `${baseURL}/__quotes`,
      LOG_LEVEL: "warn",
      // Every test signs up, and sends its leads, from this one address.
      REGISTRATIONS_PER_ADDRESS_PER_HOUR: "10000",
      LEADS_PER_ADDRESS_PER_HOUR: "10000",
      // A lead's earning can be withdrawn at once, so a browser test can pay it out; the hold itself
      // is tested in the API suite, and the demo account (seeded with the default holds) shows pending funds.
      LEAD_HOLD_DAYS: "0",
      // Test money, said on every page: the browser tests pay in the sandbox.
      PAYMENTS_SANDBOX: "true",
      // The operator console's browser tests each register one of these addresses: staff from the start.
      ADMIN_EMAILS: [
        "console-staff",
        "staff-work-orders",
        "staff-tickets",
        "staff-refunds",
        "staff-payouts",
        "staff-leads",
        "staff-users",
        "staff-extra",
        "staff-console-pages",
        "staff-console-payouts",
        "staff-lead-buyers",
        "staff-tax-forms",
      ]
        .map((name) => `${name}@example.com`)
        .join(","),
      // Leads say their visitor's address through a proxy on loopback (tests/e2e/visitor-lead.ts): a
      // lead from the owner's own address would be flagged and credit nothing.
      TRUST_PROXY: "loopback",
      // A lesson counts read after its reading time; the browser tests read at a machine's pace.
      COURSE_READING_WORDS_PER_MINUTE: "10000000",
      DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
      // Eight hosts, 28 pairs (one of them the shared set of earlier versions, never handed out).
      PARKING_NAMESERVER_POOL: Array.from({ length: 8 }, (_, i) => `ns${i + 1}.parkpilot.test`).join(","),
      PARKING_NAMESERVERS: "ns1.parkpilot.test,ns2.parkpilot.test",
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // A fake GoDaddy (tests/fakes/godaddy.ts, started with the DNS server) stands in for the registrar.
      GODADDY_API_URL: `http://127.0.0.1:${E2E_GODADDY_PORT}`,
    },
  },
});
