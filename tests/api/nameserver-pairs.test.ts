import { eq, sql } from "drizzle-orm";
import type request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignExistingNameservers } from "../../server/modules/domains/assign-existing-nameservers";
import type { TDomain } from "../../shared/api/domains";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import { domains, nameserverAssignments } from "../../shared/schema";
import { addDomain, insertDomain, runOwnershipJob, uniqueDomainName } from "../factories/domains";
import { signUp } from "../factories/users";
import { type DnsServer, nameserverEnv } from "../setup/dns-server";
import { createTestAppWithDns, type TestApp } from "../setup/test-app";

/** Four hosts: six pairs, one of them (ns1 and ns2) the shared set of earlier versions, so five to give. */
const POOL = ["ns1.pool.test", "ns2.pool.test", "ns3.pool.test", "ns4.pool.test"];
const LEGACY = ["ns1.pool.test", "ns2.pool.test"];
const DAY = 86_400_000;

let dns: DnsServer;
let t: TestApp;
beforeAll(async () => {
  ({ t, dns } = await createTestAppWithDns({
    env: (server) => nameserverEnv(server, POOL, LEGACY),
  }));
});
afterAll(() => t.close());

type Agent = ReturnType<typeof request.agent>;
const verifyNow = async (agent: Agent, id: string) => {
  const res = await agent.post(pathTo(DOMAIN_PATHS.verify, { id }));
  expect(res.status).toBe(200);
  return res.body as TDomain;
};
const runJob = (now: Date) => runOwnershipJob(t, now);
const row = async (id: string) => (await t.db.select().from(domains).where(eq(domains.id, id)))[0];
/** The victim points the name at its own pair, as the domain answer told it to. */
const pointAtPair = (domain: TDomain) => {
  dns.remove(domain.name);
  dns.publishNs(domain.name, domain.verification.nameservers);
};

describe("the attack: another account adds a name whose nameservers the victim pointed at its pair", () => {
  it("gives the attacker another pair, so Verify now leaves the attacker pending and the victim keeps the name", async () => {
    const name = uniqueDomainName();
    const victim = await signUp(t.app);
    const attacker = await signUp(t.app);
    const owned = await addDomain(victim.agent, { name });
    pointAtPair(owned);

    const taken = await addDomain(attacker.agent, { name });
    const tried = await verifyNow(attacker.agent, taken.id);

    expect(taken.verification.nameservers).toHaveLength(2);
    expect(taken.verification.nameservers).not.toEqual(owned.verification.nameservers);
    expect(tried.verification.status).toBe("pending");
    expect(tried.status).toBe("pending");
    expect(await row(owned.id)).toBeDefined();
    const proven = await verifyNow(victim.agent, owned.id);
    expect(proven.status).toBe("parked");
    expect(await row(taken.id)).toBeUndefined();
  });

  it("leaves the attacker's copy pending in the ownership job too, which then verifies the victim's", async () => {
    const name = uniqueDomainName();
    const victim = await signUp(t.app);
    const attacker = await signUp(t.app);
    const owned = await addDomain(victim.agent, { name });
    const taken = await addDomain(attacker.agent, { name });
    pointAtPair(owned);
    // The victim's copy was just checked: this run looks up the attacker's alone.
    const now = new Date();
    await t.db.update(domains).set({ verificationCheckedAt: now }).where(eq(domains.id, owned.id));

    await runJob(now);
    expect((await row(taken.id)).verifiedAt).toBeNull();
    expect(await row(owned.id)).toBeDefined();

    await runJob(new Date(now.getTime() + 5 * 60_000));
    expect((await row(owned.id)).verifiedAt).not.toBeNull();
    expect(await row(taken.id)).toBeUndefined();
  });

  it("gives the attacker nothing once the victim deletes the name: the victim's pair stays the victim's, and comes back to it", async () => {
    const name = uniqueDomainName();
    const victim = await signUp(t.app);
    const owned = await addDomain(victim.agent, { name });
    pointAtPair(owned);
    expect((await verifyNow(victim.agent, owned.id)).verification.status).toBe("verified");
    expect((await victim.agent.delete(pathTo(DOMAIN_PATHS.one, { id: owned.id }))).status).toBe(204);

    const attacker = await signUp(t.app);
    const taken = await addDomain(attacker.agent, { name });
    expect(taken.verification.nameservers).not.toEqual(owned.verification.nameservers);
    expect((await verifyNow(attacker.agent, taken.id)).verification.status).toBe("pending");

    const back = await addDomain(victim.agent, { name });
    expect(back.verification.nameservers).toEqual(owned.verification.nameservers);
    expect((await verifyNow(victim.agent, back.id)).verification.status).toBe("verified");
    expect(await row(taken.id)).toBeUndefined();
  });

  it("gives the attacker nothing once the victim's verification lapses and its records come back", async () => {
    const name = uniqueDomainName();
    const victim = await signUp(t.app);
    const owned = await addDomain(victim.agent, { name });
    pointAtPair(owned);
    const start = new Date();
    await runJob(start);
    expect((await row(owned.id)).verifiedAt).not.toBeNull();
    // Three days without an answer (an outage at the victim's DNS host) lapse it.
    dns.remove(name);
    for (const day of [1, 2, 3, 4]) await runJob(new Date(start.getTime() + day * DAY));
    expect((await row(owned.id)).verifiedAt).toBeNull();
    pointAtPair(owned);

    const attacker = await signUp(t.app);
    const taken = await addDomain(attacker.agent, { name });
    expect((await verifyNow(attacker.agent, taken.id)).verification.status).toBe("pending");
    await runJob(new Date());
    expect((await row(taken.id)).verifiedAt).toBeNull();

    expect((await verifyNow(victim.agent, owned.id)).verification.status).toBe("verified");
    expect(await row(taken.id)).toBeUndefined();
  });

  it("gives a name imported from a CSV file a pair of its own too", async () => {
    const name = uniqueDomainName();
    const victim = await signUp(t.app);
    const owned = await addDomain(victim.agent, { name });
    pointAtPair(owned);
    const attacker = await signUp(t.app);
    const res = await attacker.agent
      .post(DOMAIN_PATHS.import)
      .set("Content-Type", "text/csv")
      .send(`name\n${name}\n`);
    expect(res.status).toBe(201);

    const [imported] = (await attacker.agent.get(DOMAIN_PATHS.list)).body as TDomain[];
    expect(imported.name).toBe(name);
    expect(imported.verification.nameservers).toHaveLength(2);
    expect(imported.verification.nameservers).not.toEqual(owned.verification.nameservers);
    expect((await verifyNow(attacker.agent, imported.id)).verification.status).toBe("pending");
  });
});

describe("the attack: accounts added until one is given the pair a name already points at", () => {
  it("proves nothing for any of them: a name delegated to the platform before it was added needs its TXT record", async () => {
    const name = uniqueDomainName();
    // The owner pointed the name at a pair of the pool before adding it anywhere.
    dns.publishNs(name, ["ns3.pool.test", "ns4.pool.test"]);
    const copies: { agent: Agent; domain: TDomain }[] = [];
    // Every pair of the pool is drawn for the name, one account after another: one of them gets
    // the pair the name points at (the fourth attack round's 60th account).
    for (let i = 0; i < 5; i += 1) {
      const { agent } = await signUp(t.app);
      copies.push({ agent, domain: await addDomain(agent, { name }) });
    }
    const lucky = copies.find(
      (c) => c.domain.verification.nameservers.join(",") === "ns3.pool.test,ns4.pool.test",
    );
    expect(lucky).toBeDefined();

    for (const { agent, domain } of copies) {
      expect(domain.verification.proof).toBe("txt");
      expect((await verifyNow(agent, domain.id)).verification.status).toBe("pending");
    }
    await runJob(new Date());
    for (const { domain } of copies) expect((await row(domain.id)).verifiedAt).toBeNull();

    // The owner proves it with the TXT record of its own copy.
    const owner = await signUp(t.app);
    const own = await addDomain(owner.agent, { name });
    dns.publishTxt(name, own.verification.txtRecord.value);
    expect((await verifyNow(owner.agent, own.id)).verification.status).toBe("verified");
    for (const { domain } of copies) expect(await row(domain.id)).toBeUndefined();
  });
});

describe("a name another account has verified", () => {
  it("can be added by its owner, whose copy waits and wins by its TXT record plus its pair once the other account's proof lapses", async () => {
    const name = uniqueDomainName();
    const squatter = await signUp(t.app);
    const held = await addDomain(squatter.agent, { name });
    dns.publishTxt(name, held.verification.txtRecord.value);
    expect((await verifyNow(squatter.agent, held.id)).verification.status).toBe("verified");

    const owner = await signUp(t.app);
    const waiting = await addDomain(owner.agent, { name });
    expect(waiting.verification.proof).toBe("txt-and-nameservers");
    // The owner takes its DNS back: its own TXT record alone does not win.
    dns.remove(name);
    dns.publishTxt(name, waiting.verification.txtRecord.value);
    expect((await verifyNow(owner.agent, waiting.id)).verification.status).toBe("pending");
    dns.publishNs(name, waiting.verification.nameservers);
    // Nor both while the other account's proof holds.
    expect((await verifyNow(owner.agent, waiting.id)).verification.status).toBe("pending");

    // The squatter's checks fail for three days and its copy lapses; the next run verifies the owner's.
    const start = new Date();
    for (const day of [1, 2, 3, 4]) await runJob(new Date(start.getTime() + day * DAY));
    expect((await row(held.id)).verifiedAt).toBeNull();
    await runJob(new Date(start.getTime() + 4 * DAY + 10 * 60_000));

    expect((await row(waiting.id)).verifiedAt).not.toBeNull();
    expect((await row(waiting.id)).status).toBe("parked");
    expect(await row(held.id)).toBeUndefined();
  });
});

describe("the pairs an account is given", () => {
  it("is drawn for each name, not derived from the account: one account's names get different pairs", async () => {
    const me = await signUp(t.app);
    const pairs = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      const domain = await addDomain(me.agent);
      expect(domain.verification.nameservers).toHaveLength(2);
      expect(domain.verification.nameservers).not.toEqual(LEGACY);
      pairs.add(domain.verification.nameservers.join(","));
    }
    // Five pairs to draw from: eight names on one pair would be chance at 5^-7.
    expect(pairs.size).toBeGreaterThan(1);
  });

  it("differs for every account holding a name; past the pool's pairs the copy is offered the TXT record alone", async () => {
    const name = uniqueDomainName();
    const copies: { agent: Agent; domain: TDomain }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { agent } = await signUp(t.app);
      copies.push({ agent, domain: await addDomain(agent, { name }) });
    }

    const pairs = copies.slice(0, 5).map((c) => c.domain.verification.nameservers.join(","));
    expect(new Set(pairs).size).toBe(5);
    expect(pairs).not.toContain(LEGACY.join(","));
    const last = copies[5];
    expect(last.domain.verification.nameservers).toEqual([]);
    // Whatever pair its name points at, nameservers prove nothing for this copy; its TXT record does.
    dns.publishNs(name, copies[0].domain.verification.nameservers);
    expect((await verifyNow(last.agent, last.domain.id)).verification.status).toBe("pending");
    dns.publishTxt(name, last.domain.verification.txtRecord.value);
    expect((await verifyNow(last.agent, last.domain.id)).verification.status).toBe("verified");
  });

  it("never includes the shared nameservers of earlier versions, which prove no new copy", async () => {
    const name = uniqueDomainName();
    dns.publishNs(name, LEGACY);
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent, { name });
    expect(domain.verification.nameservers).not.toEqual(LEGACY);
    expect((await verifyNow(agent, domain.id)).verification.status).toBe("pending");
  });

  it("stays reserved for the name when the account is closed", async () => {
    const name = uniqueDomainName();
    const gone = await signUp(t.app);
    const domain = await addDomain(gone.agent, { name });
    await t.db.execute(sql`delete from users where id = ${gone.user.id}`);
    pointAtPair(domain);

    const next = await signUp(t.app);
    const copy = await addDomain(next.agent, { name });
    expect(copy.verification.nameservers).not.toEqual(domain.verification.nameservers);
    expect((await verifyNow(next.agent, copy.id)).verification.status).toBe("pending");
  });
});

describe("domains added before nameserver pairs (the start-up step)", () => {
  it("keeps a domain verified through the shared nameservers verified, and gives every other row its own pair", async () => {
    const holder = await signUp(t.app);
    const other = await signUp(t.app);
    const nsName = uniqueDomainName();
    const byNs = await insertDomain(t.db, holder.user.id, { name: nsName, status: "parked" });
    const byTxt = await insertDomain(t.db, holder.user.id, { status: "active" });
    const shared = uniqueDomainName();
    const pendingA = await insertDomain(t.db, holder.user.id, { name: shared, status: "pending" });
    const pendingB = await insertDomain(t.db, other.user.id, { name: shared, status: "pending" });
    expect(byNs.verificationNameservers).toBeNull();

    expect(await assignExistingNameservers(t.db, t.deps.config.nameserverPool)).toBe(4);
    expect(await assignExistingNameservers(t.db, t.deps.config.nameserverPool)).toBe(0);

    expect((await row(byNs.id)).verificationNameservers).toEqual(LEGACY);
    expect((await row(byTxt.id)).verificationNameservers).toHaveLength(2);
    const [a, b] = [await row(pendingA.id), await row(pendingB.id)];
    expect(a.verificationNameservers).toHaveLength(2);
    expect(b.verificationNameservers).toHaveLength(2);
    expect(a.verificationNameservers).not.toEqual(b.verificationNameservers);
    expect([a.verificationNameservers, b.verificationNameservers]).not.toContainEqual(LEGACY);

    dns.publishNs(nsName, LEGACY);
    await runJob(new Date(Date.now() + DAY));
    expect((await row(byNs.id)).verifiedAt).not.toBeNull();
    const detail = await holder.agent.get(pathTo(DOMAIN_PATHS.one, { id: byNs.id }));
    expect(detail.body.verification.nameservers).toEqual(LEGACY);

    // The shared set is that account's for the name: once it lets the name go, nobody else gets it.
    await holder.agent.delete(pathTo(DOMAIN_PATHS.one, { id: byNs.id }));
    const late = await signUp(t.app);
    const copy = await addDomain(late.agent, { name: nsName });
    expect(copy.verification.nameservers).not.toEqual(LEGACY);
    expect((await verifyNow(late.agent, copy.id)).verification.status).toBe("pending");
    const recorded = await t.db
      .select()
      .from(nameserverAssignments)
      .where(eq(nameserverAssignments.name, nsName));
    expect(recorded.map((r) => r.userId).sort()).toEqual([holder.user.id, late.user.id].sort());
  });
});
