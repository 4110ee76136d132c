import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OFFERS, type OfferKey } from "../../shared/catalog";
import { createApiKey, grantApiPlan } from "../factories/api-keys";
import { addDomain } from "../factories/domains";
import { purchaseBody } from "../factories/purchases";
import { signUp } from "../factories/users";
import { fillPath, listApiRoutes, pathParams, type RouteEntry } from "../setup/route-table";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * Property: whatever a client sends to any API route, signed in or not, the answer is a 2xx or a
 * 4xx JSON `{message}` (never a 5xx, never a stack trace), and no other user's data changes.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 1000);

let t: TestApp;
let server: http.Server;
let base: string;
let routes: RouteEntry[];
const SESSION_ENDERS = ["POST /api/auth/logout", "POST /api/security/lockdown", "DELETE /api/auth/account"];
let victim: Awaited<ReturnType<typeof signUp>>;
let fuzzerCookie: string;
/** `/api/v1` is reached by key (the fuzzer's, on an unlimited plan), never by cookie. */
let fuzzerKey: string;
let victimDomainId: string;

beforeAll(async () => {
  t = await createTestApp({ env: { API_BURST_PER_SECOND: "100000" } });
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Routes that end the fuzzer's session or account go last, so every other route is also fuzzed signed in.
  const last = (r: RouteEntry) => SESSION_ENDERS.includes(`${r.method} ${r.path}`);
  const all = listApiRoutes(t.app).filter((r) => !r.path.startsWith("/api/webhooks/"));
  routes = [...all.filter((r) => !last(r)), ...all.filter(last)];
  victim = await signUp(t.app);
  victimDomainId = (await addDomain(victim.agent)).id;
  await victim.agent
    .post("/api/revenue/goals")
    .send({ targetAmount: 100, timeframe: "monthly", category: "total" });
  const fuzzer = await signUp(t.app);
  fuzzerCookie = ((await fuzzer.agent.get("/api/auth/me")).request as unknown as { cookies: string }).cookies;
  await grantApiPlan(t.db, fuzzer.user.id, null);
  fuzzerKey = (await createApiKey(fuzzer.agent)).key;
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** What the victim can see of their own account; fuzzing by someone else must not move it. */
async function victimSnapshot() {
  const paths = [
    "/api/auth/me",
    "/api/domains",
    "/api/revenue/goals",
    "/api/payments/balance",
    "/api/transactions",
    "/api/affiliates",
    "/api/payments/settings",
    "/api/settings/notifications",
  ];
  const out: Record<string, unknown> = {};
  for (const p of paths) out[p] = (await victim.agent.get(p)).body;
  return out;
}

/** A plausible body for the route, so mutations land near the valid region, not only far from it. */
function validBody(route: RouteEntry): Record<string, unknown> {
  const offerKey = (Object.keys(OFFERS) as OfferKey[]).find((k) => OFFERS[k].path === route.path);
  if (offerKey) return purchaseBody(offerKey, victimDomainId, "1.00");
  const samples: Record<string, Record<string, unknown>> = {
    "POST /api/auth/register": {
      name: "N",
      username: "fuzzy",
      email: "f@example.com",
      password: "password-123",
    },
    "POST /api/auth/login": { usernameOrEmail: "fuzzy", password: "password-123" },
    "PUT /api/auth/profile": { name: "N", username: "fuzzy", email: "f@example.com" },
    "POST /api/auth/change-password": { currentPassword: "x", newPassword: "password-123" },
    "POST /api/leads": {
      email: "f@example.com",
      zipCode: "90210",
      source: "car-insurance-landing",
      value: 75,
    },
    "POST /api/domains": { name: "fuzz-example.com", status: "active" },
    "PATCH /api/domains/:id": { status: "parked", renewalCost: "12.00" },
    "POST /api/v1/domains": { name: "fuzz-api.com", adNetwork: "sedo" },
    "PATCH /api/v1/domains/:id": { renewalCost: "12.00", parkingTemplate: "premium" },
    "POST /api/api-keys": { name: "fuzz", scopes: ["read"] },
    "POST /api/marketplace/list": { domainId: victimDomainId, price: "10.00" },
    "POST /api/marketplace/sold": { domainId: victimDomainId, price: "10.00" },
    "POST /api/marketplace/contact": { domainId: victimDomainId, message: "hi" },
    "POST /api/revenue/goals": { targetAmount: 10, timeframe: "weekly", category: "parking" },
    "POST /api/payments/payout": { amount: 50, paypalEmail: "p@example.com" },
    "PUT /api/payments/settings": { minPayout: 50, payoutFrequency: "weekly", autoPayout: true },
    "POST /api/paypal/order": { amount: 100, currency: "USD", intent: "CAPTURE" },
    "POST /api/checkout/service/:id": { provider: "stripe" },
    "POST /api/affiliates/invite": { email: "a@example.com", level: 2 },
    "PUT /api/settings/notifications": { revenueAlerts: true, domainExpiry: false, affiliateUpdates: true },
    "POST /api/support/tickets": { subject: "Fuzz ticket", body: "Help", domainId: victimDomainId },
    "POST /api/support/tickets/:id/messages": { body: "More help" },
  };
  return samples[`${route.method} ${route.path}`] ?? {};
}

const hostile = fc.oneof(
  fc.string(),
  fc.string({ minLength: 200, maxLength: 3000 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "NaN",
    "null",
    "true",
    "__proto__",
    "constructor",
    "../../etc/passwd",
    "' OR 1=1 --",
    "=cmd|' /C calc'!A0",
    "\u0000",
    "😀".repeat(50),
    "00000000-0000-0000-0000-000000000000",
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Raw JSON text sent as is: nested far deeper than any request (up to 16,000 levels). */
class RawJson {
  constructor(readonly text: string) {}
}
const deepJson = fc
  .tuple(fc.integer({ min: 33, max: 16_000 }), fc.constantFrom("[", '{"a":'))
  .map(([depth, open]) => new RawJson(`${open.repeat(depth)}1${(open === "[" ? "]" : "}").repeat(depth)}`));

const bodyFor = (route: RouteEntry) =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    deepJson,
    fc
      .tuple(
        fc.constant(validBody(route)),
        fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 3 }),
        fc.subarray(Object.keys(validBody(route))),
        hostile,
      )
      .map(([valid, extra, keys, value]) => {
        const mutated: Record<string, unknown> = { ...valid, ...extra };
        for (const k of keys) mutated[k] = value;
        return mutated;
      }),
  );

const paramValue = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom("0", "-1", "null", "undefined", "%00", "..%2F..", "a".repeat(300)),
);

const query = fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 20 }), { maxKeys: 3 });

describe("fuzzing every API route", () => {
  it(`answers ${RUNS_PER_ROUTE} generated requests per route with a 2xx or a 4xx JSON message, never a 5xx`, async () => {
    const before = await victimSnapshot();
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const params = pathParams(route.path);
      await fc
        .assert(
          fc.asyncProperty(
            bodyFor(route),
            fc.array(paramValue, { minLength: params.length, maxLength: params.length }),
            query,
            fc.boolean(),
            async (body, values, q, signedIn) => {
              const path = fillPath(route.path, Object.fromEntries(params.map((p, i) => [p, values[i]])));
              const url = `${base}${path}?${new URLSearchParams(q)}`;
              const res = await fetch(url, {
                method: route.method,
                headers: {
                  "content-type": "application/json",
                  ...(signedIn
                    ? route.path.startsWith("/api/v1/")
                      ? { authorization: `Bearer ${fuzzerKey}` }
                      : { cookie: fuzzerCookie }
                    : {}),
                },
                body:
                  route.method === "GET"
                    ? undefined
                    : body instanceof RawJson
                      ? body.text
                      : JSON.stringify(body),
              });
              sent++;
              const text = await res.text();
              const problem =
                res.status >= 500
                  ? "5xx"
                  : /\bat .+\.(ts|js):\d+|node_modules/.test(text)
                    ? "stack trace"
                    : res.status >= 400 &&
                        !(res.headers.get("content-type") ?? "").includes("application/json")
                      ? "non-JSON error"
                      : res.status >= 400 &&
                          typeof (JSON.parse(text) as { message?: unknown }).message !== "string"
                        ? "error without message"
                        : undefined;
              if (problem)
                failures.push(
                  `${route.method} ${path} (${signedIn ? "signed in" : "signed out"}) → ${res.status} ${problem}: ${text.slice(0, 200)} body=${JSON.stringify(body).slice(0, 200)}`,
                );
              return problem === undefined;
            },
          ),
          { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(routes.length * Math.min(RUNS_PER_ROUTE, 1));
    expect(await victimSnapshot()).toEqual(before);
  }, 1_200_000);
});
