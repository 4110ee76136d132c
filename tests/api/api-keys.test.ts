import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { API_KEY_PATHS } from "../../shared/api/api-keys";
import { API_V1_PATHS } from "../../shared/api/v1/common";
import { pathTo } from "../../shared/path-to";
import { bearer, createApiKey, grantApiPlan } from "../factories/api-keys";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { API_BURST_PER_SECOND: "10000" } });
});
afterAll(() => t.close());

async function ownerWithPlan(limit: number | null = 10_000) {
  const owner = await signUp(t.app);
  await grantApiPlan(t.db, owner.user.id, limit);
  return owner;
}

const auditEvents = async (userId: string) =>
  (
    await t.db.execute<{ event: string; detail: Record<string, unknown> }>(
      sql`select event, detail from audit_log where user_id = ${userId} and event like 'api_key_%' order by created_at`,
    )
  ).rows;

const mailsTo = async (email: string) =>
  (
    await t.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from mail_outbox where "to" = ${email}`,
    )
  ).rows;

describe("API keys", () => {
  it("refuses a key to an owner without an API plan", async () => {
    const { agent } = await signUp(t.app);
    const res = await agent.post(API_KEY_PATHS.list).send({ name: "ci", scopes: ["read"] });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/API plan/);
  });

  it("refuses a signed-out visitor", async () => {
    const res = await request(t.app)
      .post(API_KEY_PATHS.list)
      .send({ name: "ci", scopes: ["read"] });
    expect(res.status).toBe(401);
  });

  it("shows the key once, stores only its SHA-256, prefix and last four, and tells the owner", async () => {
    const owner = await ownerWithPlan();
    const created = await createApiKey(owner.agent, ["read"], "Spreadsheet sync");
    expect(created.key).toMatch(/^pp_test_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ prefix: "pp_test_", last4: created.key.slice(-4), scopes: ["read"] });

    const { rows } = await t.db.execute<Record<string, unknown>>(
      sql`select * from api_keys where id = ${created.id}`,
    );
    expect(rows[0].hash).toBe(createHash("sha256").update(created.key).digest("hex"));
    for (const value of Object.values(rows[0])) expect(String(value)).not.toContain(created.key.slice(8));

    const list = await owner.agent.get(API_KEY_PATHS.list);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: created.id, name: "Spreadsheet sync", last4: created.last4 });
    expect(list.body[0].key).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(created.key);

    expect((await auditEvents(owner.user.id)).map((e) => e.event)).toEqual(["api_key_created"]);
    const mails = await mailsTo(owner.input.email);
    expect(
      mails.some((m) => m.subject.includes("API key was created") && m.body.includes(created.last4)),
    ).toBe(true);
  });

  it("records when a key was last used", async () => {
    const owner = await ownerWithPlan();
    const { key, id } = await createApiKey(owner.agent, ["read"]);
    expect((await owner.agent.get(API_KEY_PATHS.list)).body[0].lastUsedAt).toBeNull();
    expect((await request(t.app).get(API_V1_PATHS.balance).set(bearer(key))).status).toBe(200);
    const listed = (await owner.agent.get(API_KEY_PATHS.list)).body.find((k: { id: string }) => k.id === id);
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("allows two active keys per scope, so a key can be rotated, and a third after a revocation", async () => {
    const owner = await ownerWithPlan();
    const first = await createApiKey(owner.agent, ["read", "write"]);
    await createApiKey(owner.agent, ["read"]);
    const third = await owner.agent.post(API_KEY_PATHS.list).send({ name: "three", scopes: ["read"] });
    expect(third.status).toBe(409);
    expect(third.body.message).toMatch(/2 active keys with the read scope/);
    // The write scope still has room.
    expect((await owner.agent.post(API_KEY_PATHS.list).send({ name: "w", scopes: ["write"] })).status).toBe(
      201,
    );

    expect((await owner.agent.delete(pathTo(API_KEY_PATHS.one, { id: first.id }))).status).toBe(204);
    expect(
      (await owner.agent.post(API_KEY_PATHS.list).send({ name: "three", scopes: ["read"] })).status,
    ).toBe(201);
  });

  it("refuses a revoked key with 401 at once, and records and mails the revocation", async () => {
    const owner = await ownerWithPlan();
    const { key, id, last4 } = await createApiKey(owner.agent, ["read"]);
    expect((await request(t.app).get(API_V1_PATHS.domains).set(bearer(key))).status).toBe(200);

    expect((await owner.agent.delete(pathTo(API_KEY_PATHS.one, { id }))).status).toBe(204);
    const refused = await request(t.app).get(API_V1_PATHS.domains).set(bearer(key));
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/revoked/);

    const listed = (await owner.agent.get(API_KEY_PATHS.list)).body[0];
    expect(listed.revokedAt).not.toBeNull();
    expect((await auditEvents(owner.user.id)).map((e) => e.event)).toEqual([
      "api_key_created",
      "api_key_revoked",
    ]);
    expect(
      (await mailsTo(owner.input.email)).some((m) => m.subject.includes("revoked") && m.body.includes(last4)),
    ).toBe(true);
    // Revoking again changes nothing.
    expect((await owner.agent.delete(pathTo(API_KEY_PATHS.one, { id }))).status).toBe(204);
    expect(await auditEvents(owner.user.id)).toHaveLength(2);
  });

  it("never lets another owner list or revoke a key", async () => {
    const owner = await ownerWithPlan();
    const other = await ownerWithPlan();
    const { key, id } = await createApiKey(owner.agent, ["read"]);
    expect((await other.agent.get(API_KEY_PATHS.list)).body).toEqual([]);
    expect((await other.agent.delete(pathTo(API_KEY_PATHS.one, { id }))).status).toBe(404);
    expect((await request(t.app).get(API_V1_PATHS.balance).set(bearer(key))).status).toBe(200);
  });

  it("refuses a key without the scope an operation needs with 403", async () => {
    const owner = await ownerWithPlan();
    const reader = await createApiKey(owner.agent, ["read"]);
    const writer = await createApiKey(owner.agent, ["write"]);
    const write = await request(t.app)
      .post(API_V1_PATHS.domains)
      .set(bearer(reader.key))
      .send({ name: "scoped.com" });
    expect(write.status).toBe(403);
    expect(write.body.message).toMatch(/write scope/);
    const read = await request(t.app).get(API_V1_PATHS.domains).set(bearer(writer.key));
    expect(read.status).toBe(403);
    expect(read.body.message).toMatch(/read scope/);
    expect(
      (await request(t.app).post(API_V1_PATHS.domains).set(bearer(writer.key)).send({ name: "scoped.com" }))
        .status,
    ).toBe(201);
  });

  it("refuses bad names and scopes with 400", async () => {
    const owner = await ownerWithPlan();
    for (const body of [
      { name: "", scopes: ["read"] },
      { name: "x".repeat(61), scopes: ["read"] },
      { name: "ok", scopes: [] },
      { name: "ok", scopes: ["admin"] },
      { name: "ok" },
      { name: "ok", scopes: ["read"], extra: true },
    ]) {
      const res = await owner.agent.post(API_KEY_PATHS.list).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await owner.agent.delete("/api/api-keys/not-a-uuid")).status).toBe(400);
  });
});

describe("/api/v1 authentication", () => {
  it("refuses a session cookie alone: the API reads only the key", async () => {
    const owner = await ownerWithPlan();
    await createApiKey(owner.agent, ["read"]);
    const res = await owner.agent.get(API_V1_PATHS.domains);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/Authorization: Bearer/);
    const write = await owner.agent.post(API_V1_PATHS.domains).send({ name: "cookie-only.com" });
    expect(write.status).toBe(401);
  });

  it("refuses a missing, malformed or unknown key with 401 in the app's error shape", async () => {
    for (const header of [
      undefined,
      "Basic abc",
      "Bearer",
      "Bearer nope",
      `Bearer pp_live_${"A".repeat(43)}`,
    ]) {
      const req = request(t.app).get(API_V1_PATHS.domains);
      const res = await (header ? req.set("Authorization", header) : req);
      expect(res.status, String(header)).toBe(401);
      expect(res.body).toMatchObject({ message: expect.any(String), code: "UNAUTHORIZED" });
    }
  });

  it("refuses the key of an owner whose API plan ended with 403", async () => {
    const owner = await ownerWithPlan();
    const { key } = await createApiKey(owner.agent, ["read"]);
    await t.db.execute(
      sql`update entitlements set status = 'ended', ends_at = now() where user_id = ${owner.user.id}`,
    );
    const res = await request(t.app).get(API_V1_PATHS.domains).set(bearer(key));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/no API plan/);
  });

  it("refuses a key in use within a second of its owner's plan ending", async () => {
    const owner = await ownerWithPlan();
    const { key } = await createApiKey(owner.agent, ["read"]);
    expect((await request(t.app).get(API_V1_PATHS.balance).set(bearer(key))).status).toBe(200);
    await t.db.execute(
      sql`update entitlements set status = 'ended', ends_at = now() where user_id = ${owner.user.id}`,
    );
    // The key's plan is read again once the second it was read for has passed.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 1_100 });
    try {
      expect((await request(t.app).get(API_V1_PATHS.balance).set(bearer(key))).status).toBe(403);
    } finally {
      vi.useRealTimers();
    }
  });

  it("takes writes from another origin without a CSRF check, since no cookie is read", async () => {
    const owner = await ownerWithPlan();
    const { key } = await createApiKey(owner.agent, ["write"]);
    const res = await request(t.app)
      .post(API_V1_PATHS.domains)
      .set(bearer(key))
      .set("Origin", "https://automation.example")
      .send({ name: "from-a-script.com" });
    expect(res.status).toBe(201);
  });
});
