import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import {
  addDomain,
  addVerifiedDomain,
  countDomains,
  markVerified,
  uniqueDomainName,
} from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/domains", () => {
  it("refuses a signed-out visitor with 401", async () => {
    const res = await request(t.app).get(DOMAIN_PATHS.list);
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });

  it("answers an empty list for a new owner", async () => {
    const { agent } = await signUp(t.app);
    const res = await agent.get(DOMAIN_PATHS.list);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it("lists only the owner's domains, newest first, with the spec's fields", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const first = await addDomain(owner.agent);
    const second = await addVerifiedDomain(owner.agent, t.db, { status: "parked", adNetwork: "sedo" });
    await addDomain(other.agent);

    const res = await owner.agent.get(DOMAIN_PATHS.list);
    expect(res.status).toBe(200);
    expect(res.body.map((d: { id: string }) => d.id)).toEqual([second.id, first.id]);
    expect(res.body[0]).toMatchObject({
      name: second.name,
      status: "parked",
      adNetwork: "sedo",
      nameservers: "",
      parkingTemplate: "standard",
      parkingRevenue: "0.00",
      visitors: 0,
      expiryDate: null,
      marketplacePrice: null,
    });
    expect(Date.parse(res.body[0].registrationDate)).not.toBeNaN();
  });
});

describe("POST /api/domains", () => {
  it("creates a pending domain with the catalogue's defaults and trimmed fields", async () => {
    const { agent, user } = await signUp(t.app);
    const name = uniqueDomainName();
    const res = await agent
      .post(DOMAIN_PATHS.list)
      .send({ name: `  ${name}  `, nameservers: "  ns1.park.io, ns2.park.io " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name,
      status: "pending",
      adNetwork: "adsense",
      parkingTemplate: "standard",
      nameservers: "ns1.park.io, ns2.park.io",
    });
    expect(await countDomains(t.db, user.id)).toBe(1);
    const events = await t.db.execute<{ kind: string }>(
      sql`select kind from account_events where user_id = ${user.id}`,
    );
    expect(events.rows.map((e) => e.kind)).toEqual(["domain_added"]);
  });

  it.each([
    [
      "uppercase with a scheme, path and trailing dot",
      "HTTPS://Example-Norm.COM./path?q=1",
      "example-norm.com",
    ],
    ["a www. prefix and a port", "www.example-port.org:8080", "example-port.org"],
    ["a non-ASCII name, as punycode", "Bücher.de", "xn--bcher-kva.de"],
    ["a name under a two-label suffix", "Example-Two.co.uk", "example-two.co.uk"],
    ["a site's own name under a private suffix", "https://Parked-Site.github.io/", "parked-site.github.io"],
  ])("normalises %s", async (_label, input, stored) => {
    const { agent } = await signUp(t.app);
    const res = await agent.post(DOMAIN_PATHS.list).send({ name: input });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe(stored);
  });

  it.each([
    ["an empty name", { name: "   " }, /Domain name is required\./],
    ["a name with a space", { name: "not a domain.com" }, /not a valid domain name/],
    ["an unknown top-level domain", { name: "example.notatld" }, /not a known top-level domain/],
    ["a public suffix", { name: "co.uk" }, /public suffix/],
    [
      "a private suffix (a hosting service's shared name)",
      { name: "github.io" },
      /github\.io is a public suffix/,
    ],
    ["another private suffix, written as a URL", { name: "https://www.BlogSpot.com/" }, /public suffix/],
    ["a subdomain of a site under a private suffix", { name: "blog.site.github.io" }, /\(site\.github\.io\)/],
    ["a subdomain", { name: "blog.example.com" }, /registrable domain \(example\.com\)/],
    ["an address", { name: "192.168.1.1" }, /not a domain name/],
    ["an oversized name", { name: `${"a".repeat(300)}.com` }, /too long/],
    ["a number as the name", { name: 42 }, /Invalid input/],
    ["an unknown status", { name: "fine-name.com", status: "sold" }, /Invalid input/],
    ["an unknown ad network", { name: "fine-name.com", adNetwork: "yahoo" }, /Invalid input/],
    ["an unknown template", { name: "fine-name.com", parkingTemplate: "fancy" }, /Invalid input/],
  ])("refuses %s with 400 and saves nothing", async (_label, body, message) => {
    const { agent, user } = await signUp(t.app);
    const res = await agent.post(DOMAIN_PATHS.list).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await countDomains(t.db, user.id)).toBe(0);
  });

  it("refuses malformed JSON with 400 and saves nothing", async () => {
    const { agent, user } = await signUp(t.app);
    const res = await agent
      .post(DOMAIN_PATHS.list)
      .set("Content-Type", "application/json")
      .send('{"name": "x.com",');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Malformed JSON body");
    expect(await countDomains(t.db, user.id)).toBe(0);
  });

  it("answers 409 when the owner adds the same name twice, however it is written", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await addDomain(agent);
    const res = await agent
      .post(DOMAIN_PATHS.list)
      .send({ name: `https://www.${domain.name.toUpperCase()}/` });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${domain.name} is already in your portfolio.`);
    expect(await countDomains(t.db, user.id)).toBe(1);
  });

  it("lets two owners racing for the same unverified name both hold it, pending", async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const name = uniqueDomainName();
    const answers = await Promise.all([a, b].map((o) => o.agent.post(DOMAIN_PATHS.list).send({ name })));
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const holders = await t.db.execute(
      sql`select user_id from domains where name = ${name} and verified_at is null`,
    );
    expect(holders.rows).toHaveLength(2);
  });

  it("gives the same account one copy of a name however often it is added at once", async () => {
    const { agent, user } = await signUp(t.app);
    const name = uniqueDomainName();
    const answers = await Promise.all([1, 2, 3].map(() => agent.post(DOMAIN_PATHS.list).send({ name })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await countDomains(t.db, user.id)).toBe(1);
  });
});

describe("the acquisition date on add and edit", () => {
  const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it("Add Domain keeps the acquisition date it is given, and the day it was added when none is", async () => {
    const { agent } = await signUp(t.app);

    const dated = await agent
      .post(DOMAIN_PATHS.list)
      .send({ name: uniqueDomainName(), registrationDate: "2024-05-17" });
    const undated = await agent.post(DOMAIN_PATHS.list).send({ name: uniqueDomainName() });

    expect(dated.status).toBe(201);
    expect(dated.body.registrationDate.slice(0, 10)).toBe("2024-05-17");
    expect(undated.body.registrationDate.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
  });

  it.each([
    [daysFromNow(2), "cannot be in the future"],
    ["1984-12-31", "cannot be before 1985"],
    ["17/05/2024", "YYYY-MM-DD"],
  ])("Add Domain with %s is refused with 400 and adds nothing", async (registrationDate, message) => {
    const { agent, user } = await signUp(t.app);

    const res = await agent.post(DOMAIN_PATHS.list).send({ name: uniqueDomainName(), registrationDate });

    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await countDomains(t.db, user.id)).toBe(0);
  });

  it("Edit Domain refuses a day that has not begun anywhere and keeps the date it had", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);

    const res = await agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ registrationDate: daysFromNow(2) });

    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The acquisition date cannot be in the future.");
    const after = await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
    expect(after.body.registrationDate).toBe(domain.registrationDate);
  });
});

describe("GET /api/domains/{id}", () => {
  it("answers the domain with its all-time totals", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await addDomain(agent);
    await t.db.execute(sql`
      insert into revenue_events (user_id, domain_id, type, amount, description)
      values (${user.id}, ${domain.id}, 'lead', '75.00', 'lead'), (${user.id}, ${domain.id}, 'parking', '0.10', 'p')
    `);
    await t.db.execute(sql`
      insert into domain_traffic (domain_id, user_id, day, visits, leads)
      values (${domain.id}, ${user.id}, current_date - 100, 40, 1)
    `);
    const res = await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: domain.id,
      totalRevenue: "75.10",
      totalVisitors: 40,
      totalLeads: 1,
    });
    expect(res.body.visitors).toBe(0);
  });

  it("answers 404 for another owner's domain", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    const res = await stranger.agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Domain not found");
  });

  it("refuses an id that is not one with 400", async () => {
    const { agent } = await signUp(t.app);
    const res = await agent.get("/api/domains/not-an-id");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Unknown domain/);
  });
});

describe("PATCH /api/domains/{id}", () => {
  it("saves the manage dialog's edits and answers the domain", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addVerifiedDomain(agent, t.db);
    const res = await agent.patch(pathTo(DOMAIN_PATHS.one, { id: domain.id })).send({
      status: "parked",
      adNetwork: "bodis",
      parkingTemplate: "minimal",
      nameservers: " ns1.bodis.com ",
      expiryDate: "2031-04-30",
      purchasePrice: "1200.50",
      renewalCost: "12.99",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "parked",
      adNetwork: "bodis",
      parkingTemplate: "minimal",
      nameservers: "ns1.bodis.com",
      expiryDate: "2031-04-30T12:00:00.000Z",
      purchasePrice: "1200.50",
      renewalCost: "12.99",
    });
    const again = await agent.get(DOMAIN_PATHS.list);
    expect(again.body[0]).toMatchObject({ status: "parked", purchasePrice: "1200.50" });

    const cleared = await agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ expiryDate: null, purchasePrice: null });
    expect(cleared.body).toMatchObject({ expiryDate: null, purchasePrice: null, renewalCost: "12.99" });
  });

  it.each([
    ["a new name", { name: "other.com" }],
    ["an unknown status", { status: "sold" }],
    ["a price with three decimals", { purchasePrice: "1.005" }],
    ["a negative renewal cost", { renewalCost: "-5" }],
    ["a date that is not one", { expiryDate: "2031-02-30x" }],
  ])("refuses %s with 400 and changes nothing", async (_label, body) => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    const res = await agent.patch(pathTo(DOMAIN_PATHS.one, { id: domain.id })).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
    const after = await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
    expect(after.body).toMatchObject({
      name: domain.name,
      status: "pending",
      purchasePrice: null,
      renewalCost: null,
    });
  });

  it("refuses an expiry before the registration with 400", async () => {
    const { agent } = await signUp(t.app);
    const domain = await addDomain(agent);
    const res = await agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ expiryDate: "2001-01-01" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The expiry date cannot be before the registration date.");
    expect((await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }))).body.expiryDate).toBeNull();
  });

  it("answers 404 for another owner's domain and leaves it alone", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    await markVerified(t.db, domain.id);
    const res = await stranger.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ status: "parked" });
    expect(res.status).toBe(404);
    expect((await owner.agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }))).body.status).toBe("active");
  });
});

describe("DELETE /api/domains/{id}", () => {
  it("removes the domain and keeps the revenue it earned", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await addDomain(agent);
    await t.db.execute(sql`
      insert into revenue_events (user_id, domain_id, type, amount, description)
      values (${user.id}, ${domain.id}, 'lead', '75.00', 'lead')
    `);
    const res = await agent.delete(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
    expect(res.status).toBe(204);
    expect(await countDomains(t.db, user.id)).toBe(0);
    const kept = await t.db.execute(sql`select 1 from revenue_events where user_id = ${user.id}`);
    expect(kept.rows).toHaveLength(1);
    expect((await agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }))).status).toBe(404);
  });

  it("answers 404 for another owner's domain and keeps it", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    const res = await stranger.agent.delete(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
    expect(res.status).toBe(404);
    expect(await countDomains(t.db, owner.user.id)).toBe(1);
  });
});

describe("GET /api/domains/{id}/services", () => {
  it("lists the domain's service records, newest first", async () => {
    const { agent, user } = await signUp(t.app);
    const domain = await addDomain(agent);
    const other = await addDomain(agent);
    const orders = await t.db.execute<{ id: string }>(sql`
      insert into service_orders (user_id, domain_id, offer_id, service_type, description, price, status)
      values (${user.id}, ${domain.id}, 'premiumService', 'seo_optimization', 'SEO', '149.99', 'paid'),
             (${user.id}, ${domain.id}, 'appraisal', 'basic_appraisal', 'Appraisal', '29.99', 'pending')
      returning id
    `);
    await t.db.execute(sql`
      insert into domain_services (user_id, domain_id, order_id, service_type, status, created_at) values
        (${user.id}, ${domain.id}, ${orders.rows[0].id}, 'seo_optimization', 'completed', now() - interval '1 day'),
        (${user.id}, ${domain.id}, ${orders.rows[1].id}, 'basic_appraisal', 'pending', now()),
        (${user.id}, ${other.id}, ${orders.rows[1].id}, 'traffic_boost', 'pending', now())
    `);
    const res = await agent.get(pathTo(DOMAIN_PATHS.services, { id: domain.id }));
    expect(res.status).toBe(200);
    expect(res.body.map((s: { serviceType: string; status: string }) => [s.serviceType, s.status])).toEqual([
      ["basic_appraisal", "pending"],
      ["seo_optimization", "completed"],
    ]);
    expect(Date.parse(res.body[0].createdAt)).not.toBeNaN();
  });

  it("answers 404 for another owner's domain", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    const res = await stranger.agent.get(pathTo(DOMAIN_PATHS.services, { id: domain.id }));
    expect(res.status).toBe(404);
  });
});
