import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TDomainImportPreview } from "../../shared/api/domains";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { addDomain, addVerifiedDomain, countDomains, csv, uniqueDomainName } from "../factories/domains";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const upload = (
  agent: ReturnType<typeof request.agent>,
  path: string,
  body: string | Buffer,
  type = "text/csv",
) => agent.post(path).set("Content-Type", type).send(body);

describe("POST /api/domains/import/preview", () => {
  it("sorts every row into new, already yours, taken (verified by another owner) or invalid with the reason, and saves nothing", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await addDomain(me.agent);
    const theirs = await addVerifiedDomain(other.agent, t.db);
    const fresh = uniqueDomainName();
    const file = csv([
      ["Domain", "Status", "Ad Network", "Registration Date", "Purchase Price"],
      [fresh.toUpperCase(), "parked", "sedo", "2020-05-01", "$1200"],
      [mine.name, "", "", "", ""],
      [theirs.name, "", "", "", ""],
      ["not a domain", "", "", "", ""],
      [uniqueDomainName(), "sold", "", "", ""],
      [uniqueDomainName(), "", "", "2020-02-30", ""],
      [`www.${fresh}`, "", "", "", ""],
    ]);

    const res = await upload(me.agent, DOMAIN_PATHS.importPreview, file);

    expect(res.status).toBe(200);
    const preview = res.body as TDomainImportPreview;
    expect(preview.rows.map((r) => [r.line, r.status])).toEqual([
      [2, "new"],
      [3, "owned"],
      [4, "taken"],
      [5, "invalid"],
      [6, "invalid"],
      [7, "invalid"],
      [8, "invalid"],
    ]);
    expect(preview.rows[0].name).toBe(fresh);
    expect(preview.rows[3].reason).toMatch(/not a valid domain name/);
    expect(preview.rows[4].reason).toMatch(/Status “sold” is not one of active, parked, pending/);
    expect(preview.rows[5].reason).toMatch(/not a date/);
    expect(preview.rows[2].reason).toBe("Verified by another owner");
    expect(preview.rows[6].reason).toBe("Repeats line 2");
    expect(preview.counts).toEqual({ new: 1, owned: 1, taken: 1, invalid: 4 });
    expect(await countDomains(t.db, me.user.id)).toBe(1);
  });

  it("refuses a signed-out upload with 401", async () => {
    const res = await request(t.app)
      .post(DOMAIN_PATHS.importPreview)
      .set("Content-Type", "text/csv")
      .send("name\nexample.com\n");
    expect(res.status).toBe(401);
  });
});

describe("POST /api/domains/import", () => {
  it("adds the new domains with their columns in one go, pending, and leaves the others", async () => {
    const me = await signUp(t.app);
    const other = await signUp(t.app);
    const mine = await addVerifiedDomain(me.agent, t.db);
    const theirs = await addVerifiedDomain(other.agent, t.db);
    const [a, b] = [uniqueDomainName(), uniqueDomainName("net")];
    const file = csv([
      [
        "name",
        "status",
        "ad network",
        "template",
        "registration date",
        "expiry date",
        "purchase price",
        "renewal cost",
      ],
      [a, "parked", "bodis", "premium", "2019-03-04", "2030-03-04", '"2,500.00"', "12.99"],
      [b, "", "", "", "", "", "", ""],
      [mine.name, "pending", "", "", "", "", "", ""],
      [theirs.name, "", "", "", "", "", "", ""],
    ]);

    const res = await upload(me.agent, DOMAIN_PATHS.import, file);

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ imported: 2, skipped: 2 });
    const list = (await me.agent.get(DOMAIN_PATHS.list)).body as { name: string }[];
    expect(list.map((d) => d.name).sort()).toEqual([a, b, mine.name].sort());
    const imported = list.find((d) => d.name === a);
    expect(imported).toMatchObject({
      status: "pending",
      verification: { status: "pending" },
      adNetwork: "bodis",
      parkingTemplate: "premium",
      registrationDate: "2019-03-04T12:00:00.000Z",
      expiryDate: "2030-03-04T12:00:00.000Z",
      purchasePrice: "2500.00",
      renewalCost: "12.99",
    });
    expect(list.find((d) => d.name === b)).toMatchObject({ status: "pending", adNetwork: "adsense" });
    expect(list.find((d) => d.name === mine.name)).toMatchObject({ status: "active" });
    const theirsNow = await t.db.execute(sql`select user_id from domains where name = ${theirs.name}`);
    expect(theirsNow.rows).toEqual([{ user_id: other.user.id }]);
  });

  it("imports nothing when any row is invalid, and says which", async () => {
    const me = await signUp(t.app);
    const file = csv([["name"], [uniqueDomainName()], ["bad name.com"], [uniqueDomainName()]]);
    const res = await upload(me.agent, DOMAIN_PATHS.import, file);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/^1 row is invalid \(line 3: .*\)\. Nothing was imported\.$/);
    expect(await countDomains(t.db, me.user.id)).toBe(0);
  });

  it("lets two owners import the same unverified names at once, each holding them pending", async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    const names = [uniqueDomainName(), uniqueDomainName(), uniqueDomainName()];
    const file = csv([["name"], ...names.map((n) => [n])]);
    const answers = await Promise.all([a, b].map((o) => upload(o.agent, DOMAIN_PATHS.import, file)));
    expect(answers.map((r) => [r.status, r.body.imported])).toEqual([
      [201, 3],
      [201, 3],
    ]);
    const holders = await t.db.execute<{ user_id: string }>(
      sql`select distinct user_id from domains where name = any(${sql.param(names)}::text[]) and verified_at is null`,
    );
    expect(holders.rows).toHaveLength(2);
  });

  it("imports a file twice at once into one portfolio only once", async () => {
    const me = await signUp(t.app);
    const names = [uniqueDomainName(), uniqueDomainName()];
    const file = csv([["name"], ...names.map((n) => [n])]);
    const answers = await Promise.all([1, 2].map(() => upload(me.agent, DOMAIN_PATHS.import, file)));
    expect(answers.some((r) => r.status === 201 && r.body.imported === 2)).toBe(true);
    expect(await countDomains(t.db, me.user.id)).toBe(2);
  });
});

describe("domain import refuses a bad file with a 4xx message and saves nothing", () => {
  const valid = () => csv([["name"], [uniqueDomainName()]]);

  it.each([
    [
      "an unknown column",
      () =>
        csv([
          ["name", "colour"],
          [uniqueDomainName(), "red"],
        ]),
      422,
      /Unknown column “colour”/,
    ],
    ["no name column", () => csv([["status"], ["active"]]), 422, /needs a “name”/],
    [
      "a repeated column",
      () =>
        csv([
          ["name", "Domain"],
          ["a.com", "b.com"],
        ]),
      422,
      /appears twice/,
    ],
    [
      "a formula cell",
      () =>
        csv([
          ["name", "status"],
          [uniqueDomainName(), "=cmd|' /C calc'!A0"],
        ]),
      422,
      /formula/,
    ],
    ["a cell starting with @", () => csv([["name"], ["@SUM(1+1)"]]), 422, /formula/],
    ["a row of another width", () => "name\nexample.com,extra\n", 422, /not valid CSV/],
    ["an unclosed quote", () => 'name\n"example.com\n', 422, /not valid CSV/],
    ["an empty file", () => "", 422, /empty/],
    ["blank lines only", () => "\n\n", 422, /empty/],
  ])("%s", async (_label, file, status, message) => {
    const me = await signUp(t.app);
    for (const path of [DOMAIN_PATHS.importPreview, DOMAIN_PATHS.import]) {
      const res = await upload(me.agent, path, file());
      expect(res.status, path).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await countDomains(t.db, me.user.id)).toBe(0);
  });

  it("a file that is not UTF-8", async () => {
    const me = await signUp(t.app);
    const latin1 = Buffer.from(`name\nb\u00fccher-${Date.now()}.de\n`, "latin1");
    const res = await upload(me.agent, DOMAIN_PATHS.import, latin1);
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/not UTF-8/);
    expect(await countDomains(t.db, me.user.id)).toBe(0);
  });

  it("a 20 MB upload, with 413", async () => {
    const me = await signUp(t.app);
    const huge = `name\n${"x".repeat(20 * 1024 * 1024)}\n`;
    const res = await upload(me.agent, DOMAIN_PATHS.import, huge);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe("Request body is too large");
    expect(await countDomains(t.db, me.user.id)).toBe(0);
  });

  it("a body that is not CSV, with 415", async () => {
    const me = await signUp(t.app);
    const res = await me.agent.post(DOMAIN_PATHS.import).send({ csv: valid() });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/text\/csv/);
    expect(await countDomains(t.db, me.user.id)).toBe(0);
  });

  it("more rows than the limit, with 413", async () => {
    const me = await signUp(t.app);
    const rows = Array.from({ length: 20_001 }, (_, i) => [`d${i}.com`]);
    const res = await upload(me.agent, DOMAIN_PATHS.importPreview, csv([["name"], ...rows]));
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/more than 20,000 rows/);
  });
});
