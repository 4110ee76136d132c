import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionSyncDeps } from "../../server/modules/connections/connections.routes";
import { syncConnection } from "../../server/modules/connections/sync";
import { CONNECTION_PATHS, type TConnection } from "../../shared/api/connections";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import { subscribeInSandbox } from "../factories/billing";
import { signUp } from "../factories/users";
import { startFakeCloudflareRegistrar } from "../fakes/cloudflare-registrar";
import { startFakeDynadot } from "../fakes/dynadot";
import { startFakePorkbun } from "../fakes/porkbun";
import { startDnsServer } from "../setup/dns-server";
import { createTestAppWith } from "../setup/test-app";

const DAY_MS = 86_400_000;
const POOL = ["ns1.parkpilot.test", "ns2.parkpilot.test", "ns3.parkpilot.test"];
const PORKBUN = { apiKey: "pk1_0123456789abcdef", secretApiKey: "sk1_fedcba9876543210" };
const DYNADOT = { apiKey: "dyn-key-0a1b2c3d4e5f", username: "parker" };
const CLOUDFLARE = { accountId: "023e105f4ecef8ad9ca31a8372d0c353", apiToken: "cf-token-Sn3lZJTBX6kkg7Od" };

let s: Awaited<ReturnType<typeof start>>;
const start = () =>
  createTestAppWith(
    {
      dns: () => startDnsServer(),
      porkbun: () => startFakePorkbun(PORKBUN),
      dynadot: () => startFakeDynadot(DYNADOT),
      cloudflare: () => startFakeCloudflareRegistrar(CLOUDFLARE),
    },
    (f) => ({
      DNS_SERVERS: f.dns.address,
      PARKING_NAMESERVER_POOL: POOL.join(","),
      ...f.porkbun.env,
      ...f.dynadot.env,
      ...f.cloudflare.env,
      CONNECTIONS_BACKOFF_MS: "1",
    }),
  );
beforeAll(async () => {
  s = await start();
  // What a registrar sets is what the DNS answers.
  const publish = (name: string, ns: string[]) => {
    s.dns.remove(name);
    s.dns.publishNs(name, ns);
  };
  s.porkbun.onNameservers(publish);
  s.dynadot.onNameservers(publish);
});
afterAll(() => s.t.close());

type Agent = Awaited<ReturnType<typeof signUp>>["agent"];
const sync = (id: string) => syncConnection(connectionSyncDeps(s.t.deps), id);
const connectionOf = async (agent: Agent, id: string) =>
  ((await agent.get(CONNECTION_PATHS.list).expect(200)).body as TConnection[]).find((c) => c.id === id)!;
const connect = (agent: Agent, service: string, credentials: Record<string, string>) =>
  agent.post(CONNECTION_PATHS.list).send({ service, credentials });
const porkbunDate = (t: number) => new Date(t).toISOString().slice(0, 19).replace("T", " ");
const pad = (i: number) => String(i).padStart(4, "0");

/** The account's names with what the registrar said of them, for assertions. */
async function heldNames(userId: string) {
  const { rows } = await s.t.db.execute<{
    n: number;
    com: string | null;
    net: string | null;
    renew: number;
    locked: number;
    privacy: number;
    priced: number;
  }>(sql`
    select count(*)::int as n,
      max(d.renewal_cost) filter (where d.name like '%.com')::text as com,
      max(d.renewal_cost) filter (where d.name like '%.net')::text as net,
      count(*) filter (where r.auto_renew)::int as renew, count(*) filter (where r.locked)::int as locked,
      count(*) filter (where r.privacy)::int as privacy, count(r.renewal_price)::int as priced
    from domains d join registrar_domains r on r.domain_id = d.id
    where d.user_id = ${userId}
  `);
  return rows[0];
}

describe("connecting Porkbun, Dynadot and Cloudflare Registrar", () => {
  it("offers each with the fields its connect form asks for", async () => {
    const { agent } = await signUp(s.t.app);
    const res = await agent.get(CONNECTION_PATHS.services).expect(200);
    const fields = Object.fromEntries(
      res.body.map((x: { id: string; kind: string; fields: { name: string }[] }) => [
        x.id,
        `${x.kind}: ${x.fields.map((f) => f.name).join(", ")}`,
      ]),
    );
    expect(fields).toMatchObject({
      porkbun: "registrar: apiKey, secretApiKey",
      dynadot: "registrar: apiKey",
      cloudflare: "registrar: accountId, apiToken",
    });
  });

  it("refuses Porkbun's wrong secret key in plain words, then connects with the right one", async () => {
    const { agent } = await signUp(s.t.app);
    const wrong = await connect(agent, "porkbun", { ...PORKBUN, secretApiKey: "sk1_wrong" }).expect(422);
    expect(wrong.body.message).toBe(
      "Porkbun refused the API key and secret key: check both (porkbun.com/account/api).",
    );
    expect((await agent.get(CONNECTION_PATHS.list).expect(200)).body).toEqual([]);

    const created = await connect(agent, "porkbun", PORKBUN).expect(201);
    expect(created.body).toMatchObject({ service: "porkbun", kind: "registrar", account: "key pk1_012345…" });
    // The keys travel in the JSON body of a POST to /ping, as Porkbun's API v3 wants them.
    const ping = s.porkbun.requests.findLast((r) => r.url.pathname.endsWith("/ping"))!;
    expect(ping.method).toBe("POST");
    expect(JSON.parse(ping.body)).toEqual({ apikey: PORKBUN.apiKey, secretapikey: PORKBUN.secretApiKey });
    expect(JSON.stringify((await agent.get(CONNECTION_PATHS.list).expect(200)).body)).not.toContain(
      PORKBUN.secretApiKey,
    );
  });

  it("refuses a wrong Dynadot key in plain words, then connects and names the account", async () => {
    const { agent } = await signUp(s.t.app);
    const wrong = await connect(agent, "dynadot", { apiKey: "not-the-key" }).expect(422);
    expect(wrong.body.message).toBe("Dynadot refused the API key: check it under Tools → API.");
    const created = await connect(agent, "dynadot", { apiKey: DYNADOT.apiKey }).expect(201);
    expect(created.body).toMatchObject({ service: "dynadot", account: "parker" });
    expect(s.dynadot.requests.at(-1)?.url.searchParams.get("command")).toBe("account_info");
    await connect(agent, "dynadot", { apiKey: DYNADOT.apiKey }).expect(409);
  });

  it("refuses a Cloudflare token that does not open the account, then connects through the SDK with a bearer token", async () => {
    const { agent } = await signUp(s.t.app);
    const wrongToken = await connect(agent, "cloudflare", { ...CLOUDFLARE, apiToken: "revoked" }).expect(422);
    expect(wrongToken.body.message).toMatch(/^Cloudflare refused the API token for this account/);
    await connect(agent, "cloudflare", { ...CLOUDFLARE, accountId: "0".repeat(32) }).expect(422);
    await connect(agent, "cloudflare", { accountId: CLOUDFLARE.accountId }).expect(400);
    // The account id goes into the path of every call: another shape is refused before any call.
    const callsBefore = s.cloudflare.requests.length;
    const pathLike = await connect(agent, "cloudflare", {
      ...CLOUDFLARE,
      accountId: "../../user/tokens",
    }).expect(422);
    expect(pathLike.body.message).toMatch(/Account ID is 32 letters and digits/);
    expect(s.cloudflare.requests.length).toBe(callsBefore);
    expect((await agent.get(CONNECTION_PATHS.list).expect(200)).body).toEqual([]);

    const created = await connect(agent, "cloudflare", CLOUDFLARE).expect(201);
    expect(created.body).toMatchObject({
      service: "cloudflare",
      serviceName: "Cloudflare Registrar",
      account: `account ${CLOUDFLARE.accountId}`,
    });
    const call = s.cloudflare.requests.at(-1)!;
    expect(call.url.pathname).toBe(`/client/v4/accounts/${CLOUDFLARE.accountId}/registrar/registrations`);
    expect(call.headers.authorization).toBe(`Bearer ${CLOUDFLARE.apiToken}`);
  });
});

describe("registrar sync", () => {
  it("brings 2,500 Porkbun names page by page, waiting out a throttled answer, each priced at Porkbun's renewal price", async () => {
    const { agent, user } = await signUp(s.t.app);
    await subscribeInSandbox(agent, "enterprise");
    const expires = Date.now() + 200 * DAY_MS;
    s.porkbun.domains.length = 0;
    for (let i = 0; i < 2500; i++) {
      s.porkbun.domains.push({
        domain: `pb-${user.id.slice(0, 8)}-${pad(i)}.${i % 2 ? "net" : "com"}`,
        expireDate: porkbunDate(expires),
        autoRenew: i % 4 === 0,
        securityLock: true,
        whoisPrivacy: i % 2 === 0,
        nameservers: [],
        apiAccess: true,
      });
    }
    const created = await connect(agent, "porkbun", PORKBUN).expect(201);
    const before = s.porkbun.requests.length;
    // The second page meets Porkbun's throttling answer three times in a row (more than a service
    // out of reach is tried), and is waited out.
    for (const n of [3, 4, 5]) s.porkbun.throttleCall(n);
    expect(await sync(created.body.id)).toBe("done");
    const listed = s.porkbun.requests
      .slice(before)
      .filter((r) => r.url.pathname.endsWith("/domain/listAll"))
      .map((r) => JSON.parse(r.body).start);
    // 1,000 a page from `start`, the throttled page asked again, the empty page ending the listing.
    expect(listed).toEqual(["0", "1000", "1000", "1000", "1000", "2000", "3000"]);

    const connection = await connectionOf(agent, created.body.id);
    expect(connection).toMatchObject({ lastStatus: "ok", lastError: null });
    expect(connection.summary).toMatchObject({ domainsListed: 2500, domainsAdded: 2500, domainsMatched: 0 });
    expect(await heldNames(user.id)).toEqual({
      n: 2500,
      com: s.porkbun.renewal.com,
      net: s.porkbun.renewal.net,
      renew: 625,
      locked: 2500,
      privacy: 1250,
      priced: 2500,
    });
    const { rows } = await s.t.db.execute<{ day: string }>(
      sql`select distinct expiry_date::date::text as day from domains where user_id = ${user.id}`,
    );
    expect(rows).toEqual([{ day: new Date(expires).toISOString().slice(0, 10) }]);
  });

  it("brings 1,000 Dynadot names across ten pages, waiting out its limit of requests at once", async () => {
    const { agent, user } = await signUp(s.t.app);
    await subscribeInSandbox(agent, "business");
    s.dynadot.domains.length = 0;
    for (let i = 0; i < 1000; i++) {
      s.dynadot.domains.push({
        name: `dd-${user.id.slice(0, 8)}-${pad(i)}.${i % 2 ? "net" : "com"}`,
        expiration: Date.now() + 120 * DAY_MS,
        renewOption: i % 5 === 0 ? "auto renew" : "do not renew",
        locked: i % 2 === 0,
        privacy: i % 10 === 0 ? "none" : "full",
        nameservers: i < 10 ? ["ns1.elsewhere.test", "ns2.elsewhere.test"] : [],
      });
    }
    const created = await connect(agent, "dynadot", { apiKey: DYNADOT.apiKey }).expect(201);
    const before = s.dynadot.requests.length;
    // Each page is followed by the price list: the ninth call is the fifth page.
    s.dynadot.throttleCall(9);
    expect(await sync(created.body.id)).toBe("done");
    const pages = s.dynadot.requests
      .slice(before)
      .filter((r) => r.url.searchParams.get("command") === "list_domain")
      .map((r) => `${r.url.searchParams.get("page_index")}/${r.url.searchParams.get("count_per_page")}`);
    expect(pages).toEqual([1, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11].map((p) => `${p}/100`));

    expect((await connectionOf(agent, created.body.id)).summary).toMatchObject({
      domainsListed: 1000,
      domainsAdded: 1000,
    });
    expect(await heldNames(user.id)).toEqual({
      n: 1000,
      com: s.dynadot.renewal.com,
      net: s.dynadot.renewal.net,
      renew: 200,
      locked: 500,
      privacy: 900,
      priced: 1000,
    });
    // A name on custom nameservers lists them; one on Dynadot's parking lists none.
    const { rows } = await s.t.db.execute<{ name: string; nameservers: string[] | null }>(sql`
      select d.name, r.nameservers from domains d join registrar_domains r on r.domain_id = d.id
      where d.user_id = ${user.id} and d.name like ${"%-000_.%"} order by d.name limit 2
    `);
    expect(rows.map((r) => r.nameservers)).toEqual([
      ["ns1.elsewhere.test", "ns2.elsewhere.test"],
      ["ns1.elsewhere.test", "ns2.elsewhere.test"],
    ]);
    const { rows: parked } = await s.t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from domains d join registrar_domains r on r.domain_id = d.id
      where d.user_id = ${user.id} and r.nameservers is null
    `);
    expect(parked[0].n).toBe(990);
  });

  it("brings an account's 500 Cloudflare registrations by cursor, waiting out a 429, priced from the TLD table", async () => {
    const { agent, user } = await signUp(s.t.app);
    await subscribeInSandbox(agent, "business");
    s.cloudflare.registrations.length = 0;
    // A Cloudflare account holds at most 500 registrations.
    for (let i = 0; i < 500; i++) {
      s.cloudflare.registrations.push({
        domain_name: `cf-${user.id.slice(0, 8)}-${pad(i)}.${i % 2 ? "net" : "com"}`,
        created_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
        expires_at: new Date(Date.now() + 90 * DAY_MS).toISOString(),
        auto_renew: i % 2 === 0,
        locked: true,
        privacy_mode: i % 5 === 0 ? "off" : "redaction",
        status: "active",
      });
    }
    const created = await connect(agent, "cloudflare", CLOUDFLARE).expect(201);
    const before = s.cloudflare.requests.length;
    for (const n of [5, 6, 7]) s.cloudflare.throttleCall(n);
    expect(await sync(created.body.id)).toBe("done");
    const calls = s.cloudflare.requests.slice(before);
    // Ten pages of 50, the fifth throttled three times and asked again with the same cursor.
    expect(calls).toHaveLength(13);
    expect(calls.every((c) => c.url.searchParams.get("per_page") === "50")).toBe(true);
    expect(calls[0].url.searchParams.has("cursor")).toBe(false);
    expect(new Set(calls.slice(4, 8).map((c) => c.url.search)).size).toBe(1);
    expect(new Set(calls.map((c) => c.url.search)).size).toBe(10);

    expect((await connectionOf(agent, created.body.id)).summary).toMatchObject({
      domainsListed: 500,
      domainsAdded: 500,
    });
    // No price from Cloudflare for a held name: the shipped TLD table's.
    expect(await heldNames(user.id)).toEqual({
      n: 500,
      com: "18.48",
      net: "19.98",
      renew: 250,
      locked: 500,
      privacy: 400,
      priced: 0,
    });
  });
});

describe("park in one step", () => {
  /** A name at the registrar, synced into a fresh account, pointing elsewhere in DNS: its domain row. */
  async function syncedName(agent: Agent, connectionId: string, name: string) {
    s.dns.publishNs(name, ["ns1.elsewhere.test", "ns2.elsewhere.test"]);
    expect(await sync(connectionId)).toBe("done");
    const domains = (await agent.get(DOMAIN_PATHS.list).expect(200)).body as { id: string; name: string }[];
    const domain = domains.find((d) => d.name === name)!;
    expect(domain).toMatchObject({ name, status: "pending" });
    return domain;
  }

  it("has Porkbun set a name's nameservers once API access is on for it, and the DNS check proves it", async () => {
    const { agent, user } = await signUp(s.t.app);
    const name = `pb-park-${user.id.slice(0, 8)}.com`;
    s.porkbun.domains.length = 0;
    s.porkbun.domains.push({
      domain: name,
      expireDate: porkbunDate(Date.now() + 300 * DAY_MS),
      autoRenew: true,
      securityLock: true,
      whoisPrivacy: true,
      nameservers: ["ns1.elsewhere.test", "ns2.elsewhere.test"],
      apiAccess: false,
    });
    const created = await connect(agent, "porkbun", PORKBUN).expect(201);
    const domain = await syncedName(agent, created.body.id, name);

    const off = await agent.post(pathTo(CONNECTION_PATHS.park, { domainId: domain.id })).expect(422);
    expect(off.body.message).toBe(
      "Porkbun refused: API access is off for this name. Turn it on in Domain Management (the name's Details), or for every name at porkbun.com/account/api.",
    );
    expect((await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id })).expect(200)).body.status).toBe(
      "pending",
    );

    s.porkbun.domains[0].apiAccess = true;
    const parked = await agent.post(pathTo(CONNECTION_PATHS.park, { domainId: domain.id })).expect(200);
    expect(parked.body).toMatchObject({ status: "parked", registrar: "Porkbun" });
    const update = s.porkbun.requests.findLast((r) => r.url.pathname.includes("/domain/updateNs/"))!;
    expect(update.url.pathname).toBe(`/api/json/v3/domain/updateNs/${name}`);
    expect(JSON.parse(update.body)).toEqual({
      apikey: PORKBUN.apiKey,
      secretapikey: PORKBUN.secretApiKey,
      ns: parked.body.nameservers,
    });
    expect(parked.body.nameservers.every((ns: string) => POOL.includes(ns))).toBe(true);
    const detail = await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id })).expect(200);
    expect(detail.body).toMatchObject({ status: "parked", verification: { status: "verified" } });
  });

  it("has Dynadot set a name's nameservers with set_ns, and the DNS check proves it", async () => {
    const { agent, user } = await signUp(s.t.app);
    const name = `dd-park-${user.id.slice(0, 8)}.net`;
    s.dynadot.domains.length = 0;
    s.dynadot.domains.push({
      name,
      expiration: Date.now() + 300 * DAY_MS,
      renewOption: "auto renew",
      locked: true,
      privacy: "full",
      nameservers: ["ns1.elsewhere.test", "ns2.elsewhere.test"],
    });
    const created = await connect(agent, "dynadot", { apiKey: DYNADOT.apiKey }).expect(201);
    const domain = await syncedName(agent, created.body.id, name);

    const parked = await agent.post(pathTo(CONNECTION_PATHS.park, { domainId: domain.id })).expect(200);
    expect(parked.body).toMatchObject({ status: "parked", registrar: "Dynadot" });
    const setNs = s.dynadot.requests.findLast((r) => r.url.searchParams.get("command") === "set_ns")!;
    expect(setNs.url.searchParams.get("key")).toBe(DYNADOT.apiKey);
    expect(setNs.url.searchParams.get("domain")).toBe(name);
    expect([setNs.url.searchParams.get("ns0"), setNs.url.searchParams.get("ns1")]).toEqual(
      parked.body.nameservers,
    );
    const detail = await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id })).expect(200);
    expect(detail.body).toMatchObject({ status: "parked", verification: { status: "verified" } });
    expect(
      (await agent.get(pathTo(CONNECTION_PATHS.domain, { domainId: domain.id })).expect(200)).body.registrar,
    ).toMatchObject({
      registrar: "Dynadot",
      nameservers: parked.body.nameservers,
      cannotPark: null,
    });
  });

  it("refuses a Cloudflare Registrar name plainly without asking Cloudflare, and its TXT record proves it instead", async () => {
    const { agent, user } = await signUp(s.t.app);
    const name = `cf-park-${user.id.slice(0, 8)}.com`;
    s.cloudflare.registrations.length = 0;
    s.cloudflare.registrations.push({
      domain_name: name,
      created_at: "2025-01-15T10:00:00Z",
      expires_at: new Date(Date.now() + 300 * DAY_MS).toISOString(),
      auto_renew: true,
      locked: true,
      privacy_mode: "redaction",
      status: "active",
    });
    const created = await connect(agent, "cloudflare", CLOUDFLARE).expect(201);
    const domain = await syncedName(agent, created.body.id, name);
    const reason =
      "Cloudflare Registrar keeps every name it registers on Cloudflare's own nameservers, so it cannot point this one at its parking pair: prove the name with its TXT record instead, added in its DNS at Cloudflare.";
    expect(
      (await agent.get(pathTo(CONNECTION_PATHS.domain, { domainId: domain.id })).expect(200)).body.registrar,
    ).toMatchObject({
      registrar: "Cloudflare Registrar",
      autoRenew: true,
      locked: true,
      privacy: true,
      nameservers: null,
      cannotPark: reason,
    });

    const before = s.cloudflare.requests.length;
    const refused = await agent.post(pathTo(CONNECTION_PATHS.park, { domainId: domain.id })).expect(409);
    expect(refused.body.message).toBe(reason);
    expect(s.cloudflare.requests.length).toBe(before);

    const detail = (await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id })).expect(200)).body;
    s.dns.publishTxt(name, detail.verification.txtRecord.value);
    const verified = await agent.post(pathTo(DOMAIN_PATHS.verify, { id: domain.id })).expect(200);
    expect(verified.body).toMatchObject({ status: "active", verification: { status: "verified" } });
  });
});
