import { eq, sql } from "drizzle-orm";
import type { RequestHandler } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TDomain } from "../../shared/api/domains";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { pathTo } from "../../shared/path-to";
import { accountEvents, domains, mailOutbox } from "../../shared/schema";
import { addDomain, runOwnershipJob, uniqueDomainName } from "../factories/domains";
import { otherMailTo } from "../factories/email";
import { signUp } from "../factories/users";
import { type DnsServer, nameserverEnv } from "../setup/dns-server";
import { createTestAppWithDns, type TestApp } from "../setup/test-app";

/** Five hosts: ten pairs, one of them (ns1 and ns2) the shared set of earlier versions. */
const POOL = [
  "ns1.parkpilot.test",
  "ns2.parkpilot.test",
  "ns3.parkpilot.test",
  "ns4.parkpilot.test",
  "ns5.parkpilot.test",
];
const LEGACY = ["ns1.parkpilot.test", "ns2.parkpilot.test"];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let dns: DnsServer;
let t: TestApp;
beforeAll(async () => {
  ({ t, dns } = await createTestAppWithDns({
    env: (server) => nameserverEnv(server, POOL, LEGACY),
    customize: (deps) => {
      const landingPage: RequestHandler = (_req, res) =>
        res.type("html").send("<!doctype html><title>Quotes</title>");
      deps.client = [landingPage];
    },
  }));
});
afterAll(() => t.close());

const verifyNow = (agent: ReturnType<typeof request.agent>, id: string) =>
  agent.post(pathTo(DOMAIN_PATHS.verify, { id }));
const runJob = (now: Date) => runOwnershipJob(t, now);
const row = async (id: string) => (await t.db.select().from(domains).where(eq(domains.id, id)))[0];
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(otherMailTo(email));

describe("adding a domain", () => {
  it("adds it pending, whatever status is asked, with the TXT record and the nameserver pair drawn for it to publish", async () => {
    const { agent } = await signUp(t.app);
    const name = uniqueDomainName();
    const res = await agent.post(DOMAIN_PATHS.list).send({ name, status: "active" });
    expect(res.status).toBe(201);
    const domain = res.body as TDomain;
    expect(domain.status).toBe("pending");
    expect(domain.verification).toEqual({
      status: "pending",
      txtRecord: { name, value: expect.stringMatching(/^parkpilot-verify=[0-9a-f]{32}$/) },
      nameservers: expect.any(Array),
      proof: "txt-or-nameservers",
      verifiedAt: null,
      lastCheckedAt: null,
    });
    expect(domain.verification.nameservers).toHaveLength(2);
    for (const host of domain.verification.nameservers) expect(POOL).toContain(host);
    expect(domain.verification.nameservers).not.toEqual(LEGACY);
    const list = await agent.get(DOMAIN_PATHS.list);
    expect(list.body[0].verification).toEqual(domain.verification);
  });

  it("lets several accounts hold a name unverified, but not the same account twice", async () => {
    const name = uniqueDomainName();
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    expect((await first.agent.post(DOMAIN_PATHS.list).send({ name })).status).toBe(201);
    expect((await second.agent.post(DOMAIN_PATHS.list).send({ name })).status).toBe(201);
    const again = await first.agent.post(DOMAIN_PATHS.list).send({ name });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${name} is already in your portfolio.`);
  });
});

describe("Verify now", () => {
  it("verifies a domain whose TXT record is published, and it becomes active", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    dns.publishTxt(domain.name, "v=spf1 -all");
    dns.publishTxt(domain.name, domain.verification.txtRecord.value);

    const res = await verifyNow(agent, domain.id);

    expect(res.status).toBe(200);
    expect(res.body.status).toBe("active");
    expect(res.body.verification.status).toBe("verified");
    expect(res.body.verification.verifiedAt).toEqual(expect.any(String));
    expect((await row(domain.id)).verifiedBy).toBe("txt");
  });

  it("verifies a domain whose NS records name exactly its pair (any case, root dot or not), and it becomes parked", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    const [first, second] = domain.verification.nameservers;
    dns.publishNs(domain.name, [`${first.toUpperCase()}.`, second]);

    const res = await verifyNow(agent, domain.id);

    expect(res.body.status).toBe("parked");
    expect(res.body.verification.status).toBe("verified");
    expect((await row(domain.id)).verifiedBy).toBe("ns");
  });

  it("does not verify a domain whose nameservers are only part of its pair, or its pair and another host, nor one with another token", async () => {
    const { agent } = await signUp(t.app);
    const partly = await addDomain(agent);
    dns.publishNs(partly.name, [partly.verification.nameservers[0], "ns1.elsewhere.test"]);
    expect((await verifyNow(agent, partly.id)).body.verification.status).toBe("pending");
    const more = await addDomain(agent);
    const other = POOL.find((host) => !more.verification.nameservers.includes(host))!;
    dns.publishNs(more.name, [...more.verification.nameservers, other]);
    expect((await verifyNow(agent, more.id)).body.verification.status).toBe("pending");
    const domain = await addDomain(agent);
    dns.publishTxt(domain.name, "parkpilot-verify=0000");

    const res = await verifyNow(agent, domain.id);

    expect(res.body.status).toBe("pending");
    expect(res.body.verification.status).toBe("pending");
    expect(res.body.verification.lastCheckedAt).toEqual(expect.any(String));
  });

  it("answers a name with no records at all as still pending, with the time of the check", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    const res = await verifyNow(agent, domain.id);
    expect(res.status).toBe(200);
    expect(res.body.verification).toMatchObject({ status: "pending", verifiedAt: null });
    expect(Date.now() - Date.parse(res.body.verification.lastCheckedAt)).toBeLessThan(60_000);
  });

  it("is 404 for another account's domain", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    expect((await verifyNow(other.agent, domain.id)).status).toBe(404);
  });
});

describe("one verified owner per name", () => {
  it("releases the name from the accounts that held it unverified, and tells them", async () => {
    const name = uniqueDomainName();
    const squatter = await signUp(t.app);
    const owner = await signUp(t.app);
    const squatted = await addDomain(squatter.agent, { name });
    const domain = await addDomain(owner.agent, { name });
    dns.publishTxt(name, domain.verification.txtRecord.value);

    expect((await verifyNow(owner.agent, domain.id)).body.verification.status).toBe("verified");

    expect(await row(squatted.id)).toBeUndefined();
    expect((await squatter.agent.get(DOMAIN_PATHS.list)).body).toEqual([]);
    const [mail] = await mailsTo(squatter.input.email);
    expect(mail.subject).toBe(`${name} was removed from your portfolio`);
    expect(mail.body).toContain("proved that it owns");
    const events = await t.db.select().from(accountEvents).where(eq(accountEvents.userId, squatter.user.id));
    expect(events.map((e) => e.description)).toContain(
      `Released ${name}: another account proved it owns the name`,
    );
  });

  it("adds a name another account has verified as a copy that waits, proven only by its TXT record and its pair together", async () => {
    const name = uniqueDomainName();
    const owner = await signUp(t.app);
    const domain = await addDomain(owner.agent, { name });
    dns.publishTxt(name, domain.verification.txtRecord.value);
    await verifyNow(owner.agent, domain.id);

    const late = await signUp(t.app);
    const res = await late.agent.post(DOMAIN_PATHS.list).send({ name: name.toUpperCase() });

    expect(res.status).toBe(201);
    expect(res.body.verification).toMatchObject({ status: "pending", proof: "txt-and-nameservers" });
    expect((await verifyNow(late.agent, res.body.id)).body.verification.status).toBe("pending");
    expect((await row(domain.id)).verifiedAt).not.toBeNull();
  });

  it("leaves a pending copy pending when another account holds the name verified, even with its own pair published", async () => {
    const name = uniqueDomainName();
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const a = await addDomain(first.agent, { name });
    const b = await addDomain(second.agent, { name });
    // Verified directly, without the release, as if both had been added before it was verified.
    await t.db.update(domains).set({ verifiedAt: new Date(), status: "parked" }).where(eq(domains.id, a.id));
    dns.publishNs(name, b.verification.nameservers);

    const res = await verifyNow(second.agent, b.id);

    expect(res.body.verification.status).toBe("pending");
    expect((await row(a.id)).verifiedAt).not.toBeNull();
  });
});

describe("editing a domain", () => {
  it("cannot make an unverified domain active or parked", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    for (const status of ["active", "parked"]) {
      const res = await agent.patch(pathTo(DOMAIN_PATHS.one, { id: domain.id })).send({ status });
      expect(res.status).toBe(422);
      expect(res.body.message).toContain("is not verified yet");
    }
    expect((await row(domain.id)).status).toBe("pending");
  });

  it("moves a verified domain between active and parked, never back to pending", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    dns.publishTxt(domain.name, domain.verification.txtRecord.value);
    await verifyNow(agent, domain.id);

    const parked = await agent.patch(pathTo(DOMAIN_PATHS.one, { id: domain.id })).send({ status: "parked" });
    expect(parked.body.status).toBe("parked");
    const pending = await agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ status: "pending" });
    expect(pending.status).toBe(422);
  });
});

describe("the ownership job", () => {
  it("verifies pending domains added within 72 hours once their record is published, and leaves older ones", async () => {
    const { agent } = await signUp(t.app);
    const fresh = await addDomain(agent);
    const old = await addDomain(agent);
    await t.db
      .update(domains)
      .set({ createdAt: new Date(Date.now() - 73 * HOUR) })
      .where(eq(domains.id, old.id));
    dns.publishTxt(fresh.name, fresh.verification.txtRecord.value);
    dns.publishTxt(old.name, old.verification.txtRecord.value);

    await runJob(new Date());

    expect((await row(fresh.id)).verifiedAt).not.toBeNull();
    expect((await row(fresh.id)).status).toBe("active");
    expect((await row(old.id)).verifiedAt).toBeNull();
  });

  it("gives a name held by several accounts to the one whose own pair is published, and releases the others", async () => {
    const name = uniqueDomainName();
    const holders = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    const copies = [];
    for (const holder of holders) copies.push(await addDomain(holder.agent, { name }));
    // Each copy has its own pair: the published one names one account.
    dns.publishNs(name, copies[1].verification.nameservers);

    const run = await runJob(new Date());

    const left = await t.db.select().from(domains).where(eq(domains.name, name));
    expect(left.map((d) => d.id)).toEqual([copies[1].id]);
    expect(left[0].verifiedAt).not.toBeNull();
    expect(run.verified).toBe(1);
    for (const holder of [holders[0], holders[2]]) expect(await mailsTo(holder.input.email)).toHaveLength(1);
  });

  it("checks a pending domain again only after a few minutes", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    const start = new Date();
    await runJob(start);
    const checkedAt = (await row(domain.id)).verificationCheckedAt;
    dns.publishTxt(domain.name, domain.verification.txtRecord.value);

    await runJob(new Date(start.getTime() + 60_000));
    expect((await row(domain.id)).verifiedAt).toBeNull();
    expect((await row(domain.id)).verificationCheckedAt).toEqual(checkedAt);

    await runJob(new Date(start.getTime() + 5 * 60_000));
    expect((await row(domain.id)).verifiedAt).not.toBeNull();
  });

  it("returns a verified domain to pending after 3 days of failed checks, and tells its owner", async () => {
    const { agent, input } = await signUp(t.app);
    const domain = await addDomain(agent);
    dns.publishTxt(domain.name, domain.verification.txtRecord.value);
    const start = new Date();
    await runJob(start);
    expect((await row(domain.id)).verifiedAt).not.toBeNull();

    dns.remove(domain.name);
    for (const day of [1, 2, 3]) {
      await runJob(new Date(start.getTime() + day * DAY));
      const during = await row(domain.id);
      expect(during.verifiedAt, `day ${day}`).not.toBeNull();
      expect(during.verificationFailingSince).toEqual(new Date(start.getTime() + DAY));
    }
    expect(await mailsTo(input.email)).toEqual([]);

    await runJob(new Date(start.getTime() + 4 * DAY));

    const lapsed = await row(domain.id);
    expect(lapsed.verifiedAt).toBeNull();
    expect(lapsed.status).toBe("pending");
    const [mail] = await mailsTo(input.email);
    expect(mail.subject).toBe(`${domain.name} is no longer verified`);
  });

  it("forgives a failed day when the next check finds the record again", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    dns.publishTxt(domain.name, domain.verification.txtRecord.value);
    const start = new Date();
    await runJob(start);
    dns.remove(domain.name);
    await runJob(new Date(start.getTime() + DAY));
    await runJob(new Date(start.getTime() + 2 * DAY));
    dns.publishNs(domain.name, domain.verification.nameservers);
    await runJob(new Date(start.getTime() + 3 * DAY));
    dns.remove(domain.name);
    await runJob(new Date(start.getTime() + 4 * DAY));
    await runJob(new Date(start.getTime() + 5 * DAY));

    const kept = await row(domain.id);
    expect(kept.verifiedAt).not.toBeNull();
    expect(kept.verificationFailingSince).toEqual(new Date(start.getTime() + 4 * DAY));
  });
});

describe("what needs a verified domain", () => {
  const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
  const visits = async (domainId: string) =>
    (
      await t.db.execute<{ visits: number }>(
        sql`select coalesce(sum(visits), 0)::int as visits from domain_traffic where domain_id = ${domainId}`,
      )
    ).rows[0].visits;
  const visit = (host: string) =>
    request(t.app).get("/").set({ Host: host, Accept: "text/html", "User-Agent": BROWSER });

  it("counts no visits on an unverified domain, and counts them once it is verified", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    await visit(domain.name).expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await visits(domain.id)).toBe(0);

    dns.publishTxt(domain.name, domain.verification.txtRecord.value);
    await verifyNow(agent, domain.id);
    await visit(domain.name).expect(200);
    await expect.poll(() => visits(domain.id)).toBe(1);
  });

  it("refuses to list an unverified domain for sale, and hides a listing whose domain lapsed", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    const refused = await agent.post(marketplacePaths.list).send({ domainId: domain.id, price: "1500" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Verify ${domain.name} before listing it for sale: only a domain whose ownership is proven can be sold.`,
    );

    dns.publishTxt(domain.name, domain.verification.txtRecord.value);
    await verifyNow(agent, domain.id);
    expect(
      (await agent.post(marketplacePaths.list).send({ domainId: domain.id, price: "1500" })).status,
    ).toBe(201);
    const buyer = await signUp(t.app);
    const listed = await buyer.agent.get(marketplacePaths.domains);
    expect(listed.body.map((l: { id: string }) => l.id)).toContain(domain.id);

    await t.db.update(domains).set({ verifiedAt: null, status: "pending" }).where(eq(domains.id, domain.id));
    const hidden = await buyer.agent.get(marketplacePaths.domains);
    expect(hidden.body.map((l: { id: string }) => l.id)).not.toContain(domain.id);
  });
});
