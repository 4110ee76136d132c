import { randomUUID } from "node:crypto";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCredentialKeys, sealCredentials } from "../../server/modules/connections/credentials";
import { queueReport } from "../../server/modules/reports/queue-report";
import { ADMIN_USERS_PATHS } from "../../shared/api/admin/users";
import { AFFILIATES_PATH } from "../../shared/api/affiliates";
import { API_KEY_PATHS } from "../../shared/api/api-keys";
import { DEVICE_PATHS } from "../../shared/api/auth/devices";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { SUBSCRIPTIONS_PATH } from "../../shared/api/billing";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { EMAIL_SEQUENCES_PATH } from "../../shared/api/email-automation";
import { EXPERIMENT_PATHS } from "../../shared/api/experiments";
import { HEALTH_PATHS } from "../../shared/api/health";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { PAGE_PATHS } from "../../shared/api/parked-pages";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { REVENUE_PATHS } from "../../shared/api/revenue";
import { SOCIAL_PATHS } from "../../shared/api/social";
import { SUPPORT_PATHS } from "../../shared/api/support";
import { TEAM_PATHS } from "../../shared/api/team";
import { API_V1_OPENAPI_PATH, API_V1_PATHS } from "../../shared/api/v1/common";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { routeAccess } from "../../shared/role-policy";
import { connections, teamInvitations } from "../../shared/schema";
import { bearer, createApiKey, grantApiPlan } from "../factories/api-keys";
import { subscribeInSandbox } from "../factories/billing";
import { addDomain, addVerifiedDomain } from "../factories/domains";
import { buyMarketingTools } from "../factories/marketing-tools";
import { buySecurity } from "../factories/security";
import { addTeamMember } from "../factories/team";
import { signUp } from "../factories/users";
import { registerPasskey } from "../factories/webauthn";
import { fillPath, listApiRoutes, pathParams, type RouteEntry } from "../setup/route-table";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * Two suites generated from the app's own route table, so a route added tomorrow is covered
 * tomorrow: every state-changing route refuses cross-site requests, and every route that takes
 * an id refuses another user's id with 404.
 */
let t: TestApp;
let routes: RouteEntry[];
let owner: Awaited<ReturnType<typeof signUp>>;
let intruder: Awaited<ReturnType<typeof signUp>>;
/** Members of the owner's team, each working in the owner's portfolio. */
let manager: Awaited<ReturnType<typeof signUp>>;
let viewer: Awaited<ReturnType<typeof signUp>>;
/** The owner's resources, by what a route's id names. */
const owned: Record<string, string> = {};
/** API keys of the owner and the intruder: `/api/v1` is reached by key, never by cookie. */
const keys: Record<"owner" | "intruder", string> = { owner: "", intruder: "" };

beforeAll(async () => {
  t = await createTestApp();
  routes = listApiRoutes(t.app);
  owner = await signUp(t.app);
  intruder = await signUp(t.app);
  const buyer = await signUp(t.app);

  const domain = await addDomain(owner.agent);
  const listed = await addVerifiedDomain(owner.agent, t.db);
  owned.domain = domain.id;
  owned.listedDomain = listed.id;
  const listing = await owner.agent
    .post(marketplacePaths.list)
    .send({ domainId: listed.id, price: "2500.00" });
  expect(listing.status).toBeLessThan(300);
  const order = await owner.agent
    .post(OFFERS.appraisal.path)
    .send({ type: "basic", price: "29.99", domainId: domain.id })
    .expect(201);
  owned.order = order.body.orderId;
  const wallet = await owner.agent
    .post(PAYMENT_PATHS.paypalOrder)
    .send({ amount: 100, currency: "USD", intent: "CAPTURE" });
  expect(wallet.status).toBeLessThan(300);
  owned.walletOrder = wallet.body.id;
  const goal = await owner.agent
    .post(REVENUE_PATHS.goals)
    .send({ targetAmount: 500, timeframe: "monthly", category: "total" });
  expect(goal.status).toBeLessThan(300);
  owned.goal = goal.body.id ?? goal.body.goal?.id;
  await buyer.agent
    .post(marketplacePaths.contact)
    .send({ domainId: listed.id, message: "Is it still for sale?" })
    .expect(201);
  const inbox = await owner.agent.get(marketplacePaths.messages).expect(200);
  owned.message = (inbox.body.messages ?? inbox.body)[0].id;
  // An offer and an escrow sale the owner is the seller of.
  const offer = await buyer.agent
    .post(marketplaceDealPaths.offers)
    .send({ domainId: listed.id, amount: "2000" })
    .expect(201);
  owned.offer = offer.body.id;
  const sale = await buyer.agent
    .post(marketplaceDealPaths.transactions)
    .send({ domainId: listed.id })
    .expect(201);
  owned.sale = sale.body.id;
  // A second signed-in session of the owner's (another device), so that ending it spares the first.
  await request
    .agent(t.app)
    .post(AUTH_PATHS.login)
    .send({ usernameOrEmail: owner.input.email, password: owner.input.password })
    .expect(200);
  const sessions = await owner.agent.get(SECURITY_PATHS.sessions).expect(200);
  owned.session = (sessions.body.sessions as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
  const subscribed = await subscribeInSandbox(owner.agent, "pro");
  owned.subscription = subscribed.sub.id;
  owned.receipt = subscribed.orderId;
  for (const who of [owner, intruder]) await grantApiPlan(t.db, who.user.id, null);
  const ownerKey = await createApiKey(owner.agent);
  owned.apiKey = ownerKey.id;
  keys.owner = ownerKey.key;
  keys.intruder = (await createApiKey(intruder.agent)).key;
  await buySecurity(owner.agent, ["biometric"]);
  owned.passkey = (await registerPasskey(owner.agent, t.deps.config.appUrl)).passkey.id;
  const ticket = await owner.agent
    .post(SUPPORT_PATHS.list)
    .send({ subject: "Help", body: "Something is wrong." })
    .expect(201);
  owned.ticket = ticket.body.ticket.id;
  owned.report =
    (await queueReport(t.db, {
      userId: owner.user.id,
      kind: "appraisal",
      title: "Appraisal",
      domainId: domain.id,
      params: { name: domain.name, tier: "basic" },
    })) ?? "";
  const devices = await owner.agent.get(DEVICE_PATHS.devices).expect(200);
  owned.device = (devices.body.devices as { id: string; current: boolean }[]).find((d) => !d.current)!.id;
  await buyMarketingTools(owner.agent, ["landing-page-builder", "split-testing"]);
  const page = { template: "minimal", blocks: [{ type: "headline", headline: "Mine", text: "" }] };
  await owner.agent
    .put(pathTo(PAGE_PATHS.page, { id: listed.id }))
    .send(page)
    .expect(200);
  const experiment = await owner.agent
    .post(EXPERIMENT_PATHS.list)
    .send({
      domainId: listed.id,
      goal: "lead",
      variants: [
        { name: "A", page, weight: 1 },
        { name: "B", page, weight: 1 },
      ],
    })
    .expect(201);
  owned.experiment = experiment.body.id;
  // The intruder holds device management, so that only ownership can refuse the device routes.
  await buySecurity(intruder.agent, ["device-management"]);
  const tools = await owner.agent
    .post(OFFERS.marketingTools.path)
    .send({ tools: ["social-scheduler", "email-automation"], totalPrice: "118.00" })
    .expect(201);
  await owner.agent
    .post(`${pathTo(CHECKOUT_PATHS.sandboxPay, { id: tools.body.orderId })}?provider=stripe`)
    .expect(303);
  const post = await owner.agent
    .post(SOCIAL_PATHS.posts)
    .send({ network: "x", text: "Scheduled", scheduledAt: new Date(Date.now() + 86_400_000).toISOString() })
    .expect(201);
  owned.socialPost = post.body.id;
  const sequence = await owner.agent
    .post(EMAIL_SEQUENCES_PATH)
    .send({ name: "Welcome", steps: [{ day: 0, subject: "Hi", body: "Hello" }] })
    .expect(201);
  owned.sequence = sequence.body.id;
  // The owner's Pro plan has two seats: a manager and a viewer, both working in the owner's portfolio.
  manager = await signUp(t.app);
  viewer = await signUp(t.app);
  owned.membership = await addTeamMember(t.db, owner, manager, "manager");
  await addTeamMember(t.db, owner, viewer, "viewer");
  const [invitation] = await t.db
    .insert(teamInvitations)
    .values({
      ownerId: owner.user.id,
      email: "pending@example.com",
      role: "viewer",
      tokenHash: "matrix-pending",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  owned.invitation = invitation.id;
  // A registrar connection, stored as a connect stores it (no service is reached here).
  const connectionId = randomUUID();
  await t.db.insert(connections).values({
    id: connectionId,
    userId: owner.user.id,
    service: "godaddy",
    kind: "registrar",
    account: "key owner…",
    ...sealCredentials(createCredentialKeys(t.deps.config.totpKeys), connectionId, {
      apiKey: "k",
      apiSecret: "s",
    }),
  });
  owned.connection = connectionId;
});
afterAll(() => t.close());

/** Which of the owner's resources each id-taking route is about; a new id route must be added here. */
function ownedIdFor(route: RouteEntry): Record<string, string> | undefined {
  const p = route.path;
  // The deliverable is checked against its buyer in admin-work-orders.test.ts; here, the domain.
  if (p === "/api/domains/:id/deliverables/:deliverableId")
    return { id: owned.domain, deliverableId: "00000000-0000-4000-8000-000000000000" };
  if (p === "/api/domains/:id/page/versions/:version/restore") return { id: owned.domain, version: "1" };
  if (p === "/api/domains/:id/page/images/:imageId")
    return { id: owned.domain, imageId: "00000000-0000-4000-8000-000000000000" };
  if (p.startsWith("/api/domains/:id") || p.startsWith("/api/v1/domains/:id")) return { id: owned.domain };
  if (p.startsWith("/api/experiments/:id")) return { id: owned.experiment };
  if (p.startsWith("/api/api-keys/:id")) return { id: owned.apiKey };
  if (p.startsWith("/api/marketplace/list/:domainId")) return { domainId: owned.listedDomain };
  if (/^\/api\/(service-orders|checkout\/service|checkout\/sandbox)\/:id/.test(p)) return { id: owned.order };
  if (p.startsWith("/api/paypal/order/:id")) return { id: owned.walletOrder };
  if (p.startsWith("/api/marketplace/messages/:id")) return { id: owned.message };
  if (p.startsWith("/api/marketplace/offers/:id")) return { id: owned.offer };
  if (p.startsWith("/api/marketplace/transactions/:id")) return { id: owned.sale };
  if (p.startsWith("/api/revenue/goals/:id")) return { id: owned.goal };
  if (p.startsWith("/api/auth/sessions/:id")) return { id: owned.session };
  if (p.startsWith("/api/auth/passkeys/:id")) return { id: owned.passkey };
  if (p.startsWith("/api/billing/subscriptions/:id")) return { id: owned.subscription };
  if (p.startsWith("/api/billing/receipts/:file")) return { file: `${owned.receipt}.pdf` };
  if (p.startsWith("/api/support/tickets/:id")) return { id: owned.ticket };
  if (p.startsWith("/api/auth/devices/:id")) return { id: owned.device };
  if (p.startsWith("/api/reports/:id")) return { id: owned.report };
  if (p.startsWith("/api/social/posts/:id")) return { id: owned.socialPost };
  if (p.startsWith("/api/email/sequences/:id")) return { id: owned.sequence };
  if (p.startsWith("/api/team/invitations/:id")) return { id: owned.invitation };
  if (p.startsWith("/api/team/members/:id")) return { id: owned.membership };
  if (p.startsWith("/api/team/portfolios/:ownerId")) return { ownerId: owner.user.id };
  if (/^\/api\/connections\/(park|domains)\/:domainId/.test(p)) return { domainId: owned.domain };
  if (p.startsWith("/api/connections/:id")) return { id: owned.connection };
  return undefined;
}

/** Params that name no user's resource. */
const NOT_AN_ID: Record<string, string> = {
  // A listing's public facts, readable by every signed-in buyer (as on the storefront).
  "/api/marketplace/listings/:id": "00000000-0000-4000-8000-000000000000",
  // Its lease-to-own schedule, as public as the listing's Financing terms.
  "/api/marketplace/listings/:id/lease-quote": "00000000-0000-4000-8000-000000000000",
  "/api/parking-reports/:network": "sedo",
  // A calendar year of the signed-in payee's own figures.
  "/api/tax-forms/year-end/:year": "2026",
  "/api/v1/parking-reports/:network": "sedo",
  // Catalogue ids (a course and its lessons, a creative): the same for everyone, gated by purchase.
  "/api/courses/:courseId/lessons/:lessonId": "affiliate-mastery",
  "/api/courses/:courseId/lessons/:lessonId/complete": "affiliate-mastery",
  "/api/courses/:courseId/certificate.pdf": "affiliate-mastery",
  "/api/creatives/:file": "qr-code.svg",
  // A lead buyer's invoice, opened signed out by the secret token of its pay link: no account owns
  // it, and a wrong token is 404 (lead-invoices.test.ts).
  "/api/lead-invoices/:token": "not-a-pay-token",
  "/api/lead-invoices/:token/checkout": "not-a-pay-token",
  "/api/lead-invoices/:token/sandbox": "not-a-pay-token",
  "/api/lead-invoices/:token/sandbox/pay": "not-a-pay-token",
  "/api/lead-invoices/:token/sandbox/cancel": "not-a-pay-token",
  "/api/lead-invoices/:token/paypal-return": "not-a-pay-token",
};

/** A body the route would accept from its owner, so that only ownership can refuse it. */
const VALID_BODIES: Record<string, object> = {
  "POST /api/checkout/service/:id": { provider: "stripe" },
  "POST /api/billing/subscriptions/:id/change": { request: { plan: "business", price: "79.00" } },
  "PATCH /api/domains/:id": { status: "parked" },
  "PATCH /api/auth/passkeys/:id": { name: "Renamed" },
  "PATCH /api/v1/domains/:id": { status: "parked" },
  "POST /api/support/tickets/:id/messages": { body: "Not yours." },
  "PATCH /api/auth/devices/:id": { name: "Renamed" },
  "PATCH /api/team/members/:id": { role: "viewer" },
  "PATCH /api/connections/:id": { paused: true },
  "PUT /api/domains/:id/dns-sandbox": { txt: "parkpilot-verify=not-yours", ns: [] },
  "PUT /api/marketplace/list/:domainId/lander": { shown: false },
  "POST /api/marketplace/transactions/:id/statement": { statement: "Not yours." },
  "POST /api/marketplace/offers/:id/counter": { amount: "1900.00" },
  "POST /api/marketplace/transactions/:id/dispute": { reason: "Not yours." },
  "PUT /api/marketplace/transactions/:id/redirect": { url: "https://not-yours.example" },
  "PUT /api/domains/:id/page": {
    template: "minimal",
    blocks: [{ type: "headline", headline: "Not yours", text: "" }],
  },
  "POST /api/domains/:id/page/preview": {
    template: "minimal",
    blocks: [{ type: "headline", headline: "Not yours", text: "" }],
  },
};

const isPublicApi = (route: RouteEntry) => route.path.startsWith("/api/v1/");
/** The operator console's routes: hidden from everyone but staff (own suite below). */
const isConsole = (route: RouteEntry) => route.path.startsWith("/api/admin/");

/** A request as `agent`; on `/api/v1`, with `key` (the API reads no cookie). */
const send = (agent: ReturnType<typeof request.agent>, route: RouteEntry, path: string, key?: string) => {
  const method = route.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
  const req = agent[method](path);
  if (key && isPublicApi(route)) req.set(bearer(key));
  if (route.method === "GET" || route.method === "DELETE") return req;
  return req.send(VALID_BODIES[`${route.method} ${route.path}`] ?? {});
};

describe("authorization matrix", () => {
  it("knows an owner's resource for every route that takes an id", () => {
    const idRoutes = routes.filter(
      (r) => pathParams(r.path).length > 0 && !(r.path in NOT_AN_ID) && !isConsole(r),
    );
    expect(idRoutes.length).toBeGreaterThan(10);
    const unknown = idRoutes.filter((r) => !ownedIdFor(r)).map((r) => `${r.method} ${r.path}`);
    expect(unknown).toEqual([]);
  });

  it("answers another user's ids with 404 on every id route, and the owner's data is unchanged", async () => {
    const before = {
      domain: (await owner.agent.get(pathTo(DOMAIN_PATHS.one, { id: owned.domain }))).body,
      order: (await owner.agent.get(pathTo(CHECKOUT_PATHS.serviceOrder, { id: owned.order }))).body,
      messages: (await owner.agent.get(marketplacePaths.messages)).body,
      goals: (await owner.agent.get(REVENUE_PATHS.goals)).body,
      listings: (await owner.agent.get(marketplacePaths.domains)).body,
      ticket: (await owner.agent.get(pathTo(SUPPORT_PATHS.one, { id: owned.ticket }))).body,
    };
    const refused: string[] = [];
    for (const route of routes) {
      const ids = ownedIdFor(route);
      if (!ids) continue;
      const res = await send(intruder.agent, route, fillPath(route.path, ids), keys.intruder);
      if (res.status !== 404) refused.push(`${route.method} ${route.path} → ${res.status}`);
      else expect(res.body.message).toBeTruthy();
    }
    expect(refused).toEqual([]);
    expect((await owner.agent.get(pathTo(DOMAIN_PATHS.one, { id: owned.domain }))).body).toEqual(
      before.domain,
    );
    expect((await owner.agent.get(pathTo(CHECKOUT_PATHS.serviceOrder, { id: owned.order }))).body).toEqual(
      before.order,
    );
    expect((await owner.agent.get(marketplacePaths.messages)).body).toEqual(before.messages);
    expect((await owner.agent.get(REVENUE_PATHS.goals)).body).toEqual(before.goals);
    expect((await owner.agent.get(marketplacePaths.domains)).body).toEqual(before.listings);
    expect((await owner.agent.get(pathTo(SUPPORT_PATHS.one, { id: owned.ticket }))).body).toEqual(
      before.ticket,
    );
  });
});

describe("operator console", () => {
  it("answers every /api/admin route with 404 signed out and to a signed-in non-staff user", async () => {
    const consoleRoutes = routes.filter(isConsole);
    expect(consoleRoutes.length).toBeGreaterThan(0);
    const let_through: string[] = [];
    for (const route of consoleRoutes) {
      const path = fillPath(route.path, {}, "00000000-0000-4000-8000-000000000000");
      for (const [who, agent] of [
        ["signed out", request.agent(t.app)],
        ["non-staff", intruder.agent],
      ] as const) {
        const res = await send(agent, route, path);
        if (res.status !== 404 || !res.body.message)
          let_through.push(`${who}: ${route.method} ${route.path} → ${res.status}`);
      }
    }
    expect(let_through).toEqual([]);
  });
});

describe("cross-site requests", () => {
  // `/api/v1` reads no cookie, so a cross-site request carries no authority there (tested below).
  const stateChanging = () =>
    routes.filter((r) => r.method !== "GET" && !r.path.startsWith("/api/webhooks/") && !isPublicApi(r));

  it("refuses every state-changing route from a foreign Origin with 403", async () => {
    expect(stateChanging().length).toBeGreaterThan(40);
    const let_through: string[] = [];
    for (const route of stateChanging()) {
      const path = fillPath(
        route.path,
        ownedIdFor(route) ?? NOT_AN_ID,
        "00000000-0000-4000-8000-000000000000",
      );
      const res = await send(owner.agent, route, path.includes(":") ? route.path : path).set(
        "Origin",
        "https://evil.example",
      );
      if (res.status !== 403) let_through.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(let_through).toEqual([]);
  });

  it("refuses every state-changing route with Sec-Fetch-Site: cross-site", async () => {
    const let_through: string[] = [];
    for (const route of stateChanging()) {
      const path = fillPath(route.path, ownedIdFor(route) ?? {}, "00000000-0000-4000-8000-000000000000");
      const res = await send(owner.agent, route, path).set("Sec-Fetch-Site", "cross-site");
      if (res.status !== 403) let_through.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(let_through).toEqual([]);
    expect((await owner.agent.get(AUTH_PATHS.me)).status).toBe(200);
  });
});

describe("/api/v1 by key", () => {
  const publicApi = () => routes.filter((r) => isPublicApi(r) && r.path !== API_V1_OPENAPI_PATH);

  it("answers the owner's session cookie alone with 401 on every route, and changes nothing", async () => {
    expect(publicApi().length).toBeGreaterThanOrEqual(12);
    const before = (await owner.agent.get(pathTo(DOMAIN_PATHS.one, { id: owned.domain }))).body;
    const let_through: string[] = [];
    for (const route of publicApi()) {
      const path = fillPath(route.path, ownedIdFor(route) ?? NOT_AN_ID);
      const res = await send(owner.agent, route, path).set("Origin", "https://evil.example");
      if (res.status !== 401) let_through.push(`${route.method} ${route.path} → ${res.status}`);
    }
    expect(let_through).toEqual([]);
    expect((await owner.agent.get(pathTo(DOMAIN_PATHS.one, { id: owned.domain }))).body).toEqual(before);
  });

  it("reaches the owner's resources with the owner's key", async () => {
    const res = await request(t.app)
      .get(pathTo(API_V1_PATHS.domain, { id: owned.domain }))
      .set(bearer(keys.owner));
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(owned.domain);
  });
});

/**
 * Team seats (docs/security.md#team-seats): every route is tried by the owner's manager and
 * viewer, working in the owner's portfolio with the owner's ids. The role policy is the only
 * thing that decides: a route it gives the owner alone is refused with ROLE_FORBIDDEN before it
 * runs, a manager's route is refused to the viewer, and a route a member reaches acts in the
 * owner's portfolio. Last in the file: the members' allowed writes change the owner's data.
 */
describe("team roles on every route", () => {
  // Leaving and signing out end the member's access: tried after every other route.
  const ENDERS = ["POST /api/auth/logout", "DELETE /api/team/portfolios/:ownerId"];
  const memberRoutes = () => {
    // The health check and webhooks are answered before sessions; `/api/v1` reads no cookie.
    const all = routes.filter(
      (r) => !isPublicApi(r) && !r.path.startsWith("/api/webhooks/") && r.path !== HEALTH_PATHS.health,
    );
    const last = (r: RouteEntry) => ENDERS.includes(`${r.method} ${r.path}`);
    return [...all.filter((r) => !last(r)), ...all.filter(last)];
  };
  const pathFor = (route: RouteEntry) =>
    fillPath(route.path, ownedIdFor(route) ?? NOT_AN_ID, "00000000-0000-4000-8000-000000000000");

  it("the owner's money, security, billing and team are the owner's alone", () => {
    for (const [method, path] of [
      ["POST", PAYMENT_PATHS.payout],
      ["GET", PAYMENT_PATHS.balance],
      ["PUT", PAYMENT_PATHS.settings],
      ["GET", SUBSCRIPTIONS_PATH],
      ["POST", "/api/checkout/service/x"],
      ["POST", OFFERS.appraisal.path],
      ["POST", AUTH_PATHS.changePassword],
      ["POST", SECURITY_PATHS.twoFactorDisable],
      ["GET", SECURITY_PATHS.sessions],
      ["POST", API_KEY_PATHS.list],
      ["DELETE", AUTH_PATHS.account],
      ["POST", TEAM_PATHS.invitations],
      ["GET", TEAM_PATHS.members],
      ["GET", SECURITY_PATHS.auditLog],
      ["GET", AFFILIATES_PATH],
      ["GET", PAYMENT_PATHS.transactions],
    ]) {
      expect(routeAccess(method, path), `${method} ${path}`).toBeNull();
    }
    expect(routeAccess("PATCH", "/api/domains/x")).toBe("manager");
    expect(routeAccess("GET", "/api/domains/x")).toBe("viewer");
    expect(routeAccess("GET", ADMIN_USERS_PATHS.list)).toBe("personal");
  });

  it("the owner is never refused by the role policy on any route it reads", async () => {
    const refused: string[] = [];
    for (const route of memberRoutes().filter((r) => r.method === "GET")) {
      const res = await send(owner.agent, route, pathFor(route));
      if (res.body?.code === "ROLE_FORBIDDEN") refused.push(`${route.method} ${route.path}`);
    }
    expect(refused).toEqual([]);
  });

  it("a non-member cannot open the owner's portfolio, and works in their own", async () => {
    await intruder.agent.post(TEAM_PATHS.switch).send({ ownerId: owner.user.id }).expect(404);
    expect((await intruder.agent.get(pathTo(DOMAIN_PATHS.one, { id: owned.listedDomain }))).status).toBe(404);
  });

  // Every route twice, as a viewer and as a manager, with their seats set up: a long walk on a busy machine.
  it("a viewer reads, a manager also edits domains, pages, experiments and listings, and neither reaches the rest", async () => {
    const wrong: string[] = [];
    let reachedOwners = 0;
    for (const route of memberRoutes()) {
      const need = routeAccess(route.method, route.path);
      for (const [role, member] of [
        ["viewer", viewer],
        ["manager", manager],
      ] as const) {
        const res = await send(member.agent, route, pathFor(route));
        const forbidden = res.status === 403 && res.body.code === "ROLE_FORBIDDEN";
        const allowed =
          need === "personal" || need === "viewer" || (need === "manager" && role === "manager");
        if (forbidden === allowed)
          wrong.push(`${role}: ${route.method} ${route.path} → ${res.status} ${res.body?.code}`);
        if (!ENDERS.includes(`${route.method} ${route.path}`) && (res.status === 401 || res.status === 403)) {
          const still = await member.agent.get(TEAM_PATHS.portfolios);
          if (
            still.status !== 200 ||
            !still.body.portfolios.some((p: { active: boolean; role: string }) => p.active && p.role === role)
          )
            wrong.push(`${role} lost the owner's portfolio at ${route.method} ${route.path}`);
        }
        // A route the member reaches with the owner's id finds the owner's resource.
        if (
          allowed &&
          need !== "personal" &&
          ownedIdFor(route) &&
          route.method === "GET" &&
          res.status === 200
        )
          reachedOwners++;
      }
    }
    expect(wrong).toEqual([]);
    expect(reachedOwners).toBeGreaterThan(10);
  }, 120_000);
});
