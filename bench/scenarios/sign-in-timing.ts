import { randomBytes } from "node:crypto";
import type { Scenario } from "../lib/context";
import { onEachEngine } from "../lib/engines";

const PAIRS = 40;
/** Pairs run first and not counted: the first unknown sign-in also hashes the dummy password. */
const WARM_UP = 5;
/** Real accounts the attempts rotate over, so no account nears its failed sign-in limit. */
const ACCOUNTS = 4;
const GOAL_MS = 10;

const round = (n: number) => Math.round(n * 10) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Whether sign-in tells real accounts from unknown ones by its timing: 40 pairs of attempts with
 * a wrong password, one for a real account's email and one for an email with no account, in
 * alternating order, one request at a time. Goal: the medians differ by at most 10 ms, on the
 * PostgreSQL server and on the embedded engine.
 */
const scenario: Scenario = {
  name: "sign-in-timing",
  async run(ctx) {
    return onEachEngine(
      ctx,
      {
        // Every attempt comes from this one address.
        LOGIN_FAILURES_PER_ADDRESS_PER_HOUR: "10000",
      },
      async (engine, app, figures) => {
        const emails: string[] = [];
        for (let i = 0; i < ACCOUNTS; i++) {
          const { cookie } = await ctx.signUp(app.baseUrl);
          const me = await fetch(`${app.baseUrl}/api/auth/me`, { headers: { cookie } });
          emails.push(((await me.json()) as { user: { email: string } }).user.email);
        }
        const attempt = async (email: string) => {
          const start = performance.now();
          const res = await fetch(`${app.baseUrl}/api/auth/login`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ usernameOrEmail: email, password: "not-the-password-1" }),
          });
          await res.arrayBuffer();
          if (res.status !== 401) throw new Error(`sign-in answered ${res.status}, not 401`);
          return performance.now() - start;
        };
        const real: number[] = [];
        const unknown: number[] = [];
        const differences: number[] = [];
        for (let i = 0; i < WARM_UP + PAIRS; i++) {
          const known = emails[i % ACCOUNTS];
          const nobody = `nobody_${randomBytes(4).toString("hex")}@example.com`;
          // Which goes first alternates, so a drift in the machine's load favours neither.
          let realMs: number;
          let unknownMs: number;
          if (i % 2) {
            realMs = await attempt(known);
            unknownMs = await attempt(nobody);
          } else {
            unknownMs = await attempt(nobody);
            realMs = await attempt(known);
          }
          if (i < WARM_UP) continue;
          real.push(realMs);
          unknown.push(unknownMs);
          differences.push(realMs - unknownMs);
        }
        const difference = round(median(differences));
        figures[`${engine}: real account, median ms`] = round(median(real));
        figures[`${engine}: unknown account, median ms`] = round(median(unknown));
        figures[`${engine}: median difference of ${PAIRS} pairs, ms (goal within ±${GOAL_MS})`] = difference;
        figures[`${engine}: within goal`] = Math.abs(difference) <= GOAL_MS;
      },
    );
  },
};

export default scenario;
