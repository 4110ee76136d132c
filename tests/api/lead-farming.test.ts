import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAdminLead } from "../../shared/api/admin/leads";
import { ADMIN_LEADS_PATHS } from "../../shared/api/admin/leads";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { LEADS_PATH } from "../../shared/api/leads/leads";
import { insertDomain } from "../factories/domains";
import { leadBody, VISITOR_PROXY_ENV, visitorLead } from "../factories/leads";
import { signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/** An owner farming leads on its own verified domain, as the attack round did it: none of it pays. */
let t: TestApp;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({
    env: { ...VISITOR_PROXY_ENV, LEAD_VALUE: "75", LEADS_PER_DOMAIN_PER_DAY: "100" },
  });
});
afterAll(() => t.close());

/** An owner and a verified domain; an established one (verified 40 days ago) unless `verifiedAt` says. */
async function ownerWithDomain(verifiedAt = new Date(Date.now() - 40 * DAY_MS)) {
  const owner = await signUp(t.app);
  const domain = await insertDomain(t.db, owner.user.id, { status: "parked", verifiedAt });
  return { ...owner, domain };
}

async function pendingOf(userId: string): Promise<string> {
  const { rows } = await t.db.execute<{ pending: string }>(
    sql`select coalesce((select pending::text from balances where user_id = ${userId}), '0.00') as pending`,
  );
  return rows[0].pending;
}

async function storedLeads(domainId: string) {
  const { rows } = await t.db.execute<{ email: string; value: string; flag_reason: string | null }>(
    sql`select email, value::text, flag_reason from leads where domain_id = ${domainId} order by created_at, id`,
  );
  return rows;
}

const tag = () => Math.random().toString(36).slice(2, 8);

describe("one person is one lead, whatever the spelling or the ZIP", () => {
  it("credits three Gmail dot variants of one address once", async () => {
    const { user, domain } = await ownerWithDomain();
    const name = `dot${tag()}`;
    const variants = [`${name}@gmail.com`, `d.${name.slice(1)}@gmail.com`, `d.o.${name.slice(2)}@gmail.com`];

    const answers = [];
    for (const email of variants) answers.push(await visitorLead(t.app, domain.name, leadBody({ email })));

    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await storedLeads(domain.id)).toHaveLength(1);
    expect(await pendingOf(user.id)).toBe("75.00");
  });

  it("credits gmail.com and googlemail.com of one name once", async () => {
    const { user, domain } = await ownerWithDomain();
    const name = `mail${tag()}`;

    const first = await visitorLead(t.app, domain.name, leadBody({ email: `${name}@gmail.com` }));
    const second = await visitorLead(t.app, domain.name, leadBody({ email: `${name}+x@GoogleMail.com` }));

    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).toBe(first.body.id);
    expect(await pendingOf(user.id)).toBe("75.00");
  });

  it.each([
    ["Yahoo - aliases", (n: string) => [`${n}@yahoo.com`, `${n}-cars@yahoo.com`, `${n}-quotes@yahoo.com`]],
    [
      "Fastmail subdomain addresses",
      (n: string) => [`${n}@fastmail.com`, `cars@${n}.fastmail.com`, `quotes@${n}.fastmail.com`],
    ],
    [
      "Outlook and iCloud aliases",
      (n: string) => [`${n}+a@outlook.com`, `${n}@outlook.com`, `${n}+b@outlook.com`],
    ],
    [
      "Proton's punctuation and domains",
      (n: string) => [`${n}.x@proton.me`, `${n}_x@pm.me`, `${n}-x+tag@protonmail.com`],
    ],
  ])("credits %s of one person once (the fourth round's farm)", async (_label, spell) => {
    const { user, domain } = await ownerWithDomain();
    const answers = [];
    for (const email of spell(`farm${tag()}`))
      answers.push(await visitorLead(t.app, domain.name, leadBody({ email })));

    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await storedLeads(domain.id)).toHaveLength(1);
    expect(await pendingOf(user.id)).toBe("75.00");
  });

  it("credits the same email at three ZIP codes once", async () => {
    const { user, domain } = await ownerWithDomain();
    const email = `zips${tag()}@example.com`;

    const answers = [];
    for (const zipCode of ["90210", "10001", "60601"])
      answers.push(await visitorLead(t.app, domain.name, leadBody({ email, zipCode })));

    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await storedLeads(domain.id)).toHaveLength(1);
    expect(await pendingOf(user.id)).toBe("75.00");
  });
});

describe("a lead sent by the domain's own owner is stored, flagged and credits nothing", () => {
  it("from a browser signed in as the owner", async () => {
    const { agent, user, domain } = await ownerWithDomain();

    const res = await agent
      .post(LEADS_PATH)
      .set({ Host: domain.name, "X-Forwarded-For": "203.0.113.77" })
      .send(leadBody());

    expect(res.status).toBe(201);
    const [stored] = await storedLeads(domain.id);
    expect(stored).toMatchObject({ value: "0.00" });
    expect(stored.flag_reason).toContain("signed in as the domain's owner");
    expect(await pendingOf(user.id)).toBe("0.00");
  });

  it("six leads with six emails from the owner's own machine: none credited", async () => {
    const { user, domain } = await ownerWithDomain();
    // The owner signed up from this machine (loopback), so the app saw it as the owner's address.
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await request(t.app).post(LEADS_PATH).set("Host", domain.name).send(leadBody()));

    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const stored = await storedLeads(domain.id);
    expect(stored).toHaveLength(6);
    for (const lead of stored) {
      expect(lead.value).toBe("0.00");
      expect(lead.flag_reason).toMatch(/address the domain's owner used in the last 30 days/);
    }
    expect(await pendingOf(user.id)).toBe("0.00");
  });

  it("from an address the owner signed in from, and from the owner's device, but not from anyone else's", async () => {
    const { input, user, domain } = await ownerWithDomain();
    const login = await request(t.app)
      .post(AUTH_PATHS.login)
      .set("X-Forwarded-For", "198.51.100.23")
      .send({ usernameOrEmail: input.email, password: input.password })
      .expect(200);
    const deviceCookie = (login.headers["set-cookie"] as unknown as string[])
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("parkpilot.device="));
    expect(deviceCookie).toBeDefined();

    const fromAddress = await visitorLead(t.app, domain.name, leadBody(), "198.51.100.23");
    const fromDevice = await request(t.app)
      .post(LEADS_PATH)
      .set({ Host: domain.name, "X-Forwarded-For": "192.0.2.99", Cookie: deviceCookie ?? "" })
      .send(leadBody());
    const fromStranger = await visitorLead(t.app, domain.name, leadBody(), "192.0.2.100");

    expect([fromAddress.status, fromDevice.status, fromStranger.status]).toEqual([201, 201, 201]);
    const reasons = (await storedLeads(domain.id)).map((l) => l.flag_reason);
    expect(reasons[0]).toContain("(198.51.100.23)");
    expect(reasons[1]).toContain("a device the domain's owner signs in with");
    expect(reasons[2]).toBeNull();
    expect(await pendingOf(user.id)).toBe("75.00");
  });
});

describe("the daily cap of a domain grows with its verified age", () => {
  it("credits a domain verified today 5 leads a day; the 6th is stored, flagged and credits nothing", async () => {
    const { user, domain } = await ownerWithDomain(new Date());

    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await visitorLead(t.app, domain.name, leadBody(), `192.0.2.${i + 1}`));

    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const stored = await storedLeads(domain.id);
    expect(stored.map((l) => l.value)).toEqual([...Array(5).fill("75.00"), "0.00"]);
    expect(stored[5].flag_reason).toContain("cap of 5 credited leads today (verified 0 days ago)");
    expect(await pendingOf(user.id)).toBe("375.00");
  });

  it("counts concurrent leads one by one against the cap", async () => {
    const { user, domain } = await ownerWithDomain(new Date());

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => visitorLead(t.app, domain.name, leadBody(), `192.0.2.${i + 20}`)),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const stored = await storedLeads(domain.id);
    expect(stored.filter((l) => l.flag_reason === null)).toHaveLength(5);
    expect(await pendingOf(user.id)).toBe("375.00");
  });

  it("credits a domain verified 40 days ago past 5", async () => {
    const { user, domain } = await ownerWithDomain();

    for (let i = 0; i < 7; i++)
      expect((await visitorLead(t.app, domain.name, leadBody(), `192.0.2.${i + 40}`)).status).toBe(201);

    expect((await storedLeads(domain.id)).every((l) => l.flag_reason === null)).toBe(true);
    expect(await pendingOf(user.id)).toBe("525.00");
  });

  it("is halved while buyers returned more than a fifth of the last 30 days' credited leads", async () => {
    // Verified 10 days ago: 20 a day by age, 10 once halved.
    const { domain } = await ownerWithDomain(new Date(Date.now() - 10 * DAY_MS));
    // Ten credited leads two days ago, five of them returned since; one returned 40 days ago counts for nothing.
    await t.db.execute(sql`
      insert into leads (email, email_key, zip_code, city, state, source, value, host, domain_id, sale_status,
        created_at, returned_at)
      select 'old-' || i || '@example.com', 'old-' || i || '@example.com', '90210', 'Beverly Hills', 'CA',
        'car-insurance-landing', 75, ${domain.name}, ${domain.id}, 'sold',
        now() - make_interval(days => case when i = 11 then 40 else 2 end),
        case when i <= 5 or i = 11 then now() - interval '1 day' end
      from generate_series(1, 11) i
    `);

    for (let i = 0; i < 11; i++)
      expect((await visitorLead(t.app, domain.name, leadBody(), `192.0.2.${i + 60}`)).status).toBe(201);

    const today = (await storedLeads(domain.id)).filter((l) => !l.email.startsWith("old-"));
    expect(today.filter((l) => l.flag_reason === null)).toHaveLength(10);
    expect(today[10].flag_reason).toBe(
      "Over the domain's cap of 10 credited leads today (verified 10 days ago, 5 of its last 20 returned).",
    );
  });
});

describe("flagged leads in the console", () => {
  it("are found with the flagged filter, each with its reason", async () => {
    const staff = await signInStaff(t);
    const { agent, domain } = await ownerWithDomain();
    await agent.post(LEADS_PATH).set("Host", domain.name).send(leadBody()).expect(201);
    expect((await visitorLead(t.app, domain.name)).status).toBe(201);

    const flagged = await staff.agent
      .get(ADMIN_LEADS_PATHS.list)
      .query({ host: domain.name, flagged: "yes" });
    const kept = await staff.agent.get(ADMIN_LEADS_PATHS.list).query({ host: domain.name, flagged: "no" });

    expect(flagged.status).toBe(200);
    const [lead] = flagged.body.data as TAdminLead[];
    expect(flagged.body.data).toHaveLength(1);
    expect(lead).toMatchObject({ value: "0.00", host: domain.name });
    expect(lead.flagReason).toContain("the domain's owner");
    expect((kept.body.data as TAdminLead[]).map((l) => l.flagReason)).toEqual([null]);
    const bad = await staff.agent.get(ADMIN_LEADS_PATHS.list).query({ flagged: "maybe" });
    expect(bad.status).toBe(400);
  });
});
