import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimit } from "../../server/http/rate-limit";
import { TEAM_PATHS } from "../../shared/api/team";
import { pathTo } from "../../shared/path-to";
import { teamInvitations, users } from "../../shared/schema";
import { subscribeInSandbox } from "../factories/billing";
import { addTeamMember, invitationToken } from "../factories/team";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

/**
 * The public preview of a team invitation (docs/plans.md#team-seats): what the link's holder is
 * told before accepting, signed out or in, and nothing more.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The path alone, for the requests that bring a token of the wrong shape or none. */
const PREVIEW = `${TEAM_PATHS.preview}?token=${encodeURIComponent("")}`.split("?")[0];
const preview = (token: string) =>
  request(t.app).get(`${TEAM_PATHS.preview}?token=${encodeURIComponent(token)}`);

const ownerOnPro = async () => {
  const owner = await signUp(t.app);
  await subscribeInSandbox(owner.agent, "pro");
  return owner;
};

/** The owner invites `email` with `role`; answers the invitation's id and its mailed token. */
async function invite(owner: Awaited<ReturnType<typeof signUp>>, email: string, role = "viewer") {
  const invited = await owner.agent.post(TEAM_PATHS.invitations).send({ email, role }).expect(201);
  return { id: invited.body.id as string, token: await invitationToken(t.db, email) };
}

const invitationRow = async (id: string) =>
  (await t.db.select().from(teamInvitations).where(eq(teamInvitations.id, id)))[0];

describe("an invitation's preview", () => {
  it("names the inviter, the role, the invited address and the end date to a signed-out holder of the link", async () => {
    const owner = await ownerOnPro();
    const email = `invitee-${randomBytes(4).toString("hex")}@example.com`;
    const { id, token } = await invite(owner, email, "manager");
    const before = await invitationRow(id);

    const res = await preview(token).expect(200);

    expect(res.body).toEqual({
      inviterName: owner.input.name,
      role: "manager",
      email,
      expiresAt: before.expiresAt.toISOString(),
    });
    // Reading it changes nothing: still pending, and the link still accepts.
    expect(await invitationRow(id)).toEqual(before);
    const invitee = await signUp(t.app, { email });
    await invitee.agent.post(TEAM_PATHS.accept).send({ token }).expect(200);
  });

  it("answers only the invitation of its token: never another owner's, nor the same owner's other one", async () => {
    const ana = await ownerOnPro();
    const bob = await ownerOnPro();
    const tag = randomBytes(4).toString("hex");
    const anaFirst = await invite(ana, `first-${tag}@example.com`, "viewer");
    const anaSecond = await invite(ana, `second-${tag}@example.com`, "manager");
    const bobs = await invite(bob, `bobs-${tag}@example.com`, "viewer");

    const first = await preview(anaFirst.token).expect(200);
    const second = await preview(anaSecond.token).expect(200);
    const other = await preview(bobs.token).expect(200);

    expect(first.body).toMatchObject({ inviterName: ana.input.name, email: `first-${tag}@example.com` });
    expect(second.body).toMatchObject({ inviterName: ana.input.name, email: `second-${tag}@example.com` });
    expect(other.body).toMatchObject({ inviterName: bob.input.name, email: `bobs-${tag}@example.com` });
    const text = JSON.stringify(first.body);
    for (const secret of [
      `second-${tag}`,
      `bobs-${tag}`,
      bob.input.name,
      ana.input.email,
      ana.user.id,
      anaFirst.id,
      anaSecond.id,
    ]) {
      expect(text).not.toContain(secret);
    }
    // No id, hash or owner: only what the page says.
    expect(Object.keys(first.body).sort()).toEqual(["email", "expiresAt", "inviterName", "role"]);
  });

  it("is open to the signed in as well, whatever the address or the portfolio they work in", async () => {
    const owner = await ownerOnPro();
    const teammate = await signUp(t.app);
    await addTeamMember(t.db, owner, teammate, "viewer");
    const other = await ownerOnPro();
    const email = `invitee-${randomBytes(4).toString("hex")}@example.com`;
    const { token } = await invite(other, email, "viewer");

    // The teammate works in the owner's portfolio: the preview is their own, not the portfolio's.
    const asMember = await teammate.agent
      .get(`${TEAM_PATHS.preview}?token=${encodeURIComponent(token)}`)
      .expect(200);
    expect(asMember.body).toMatchObject({ inviterName: other.input.name, email });
    const asOwner = await owner.agent
      .get(`${TEAM_PATHS.preview}?token=${encodeURIComponent(token)}`)
      .expect(200);
    expect(asOwner.body.email).toBe(email);
  });

  it("says the inviter's address when their name is blank", async () => {
    const owner = await ownerOnPro();
    const { token } = await invite(owner, `invitee-${randomBytes(4).toString("hex")}@example.com`);
    await t.db.update(users).set({ name: " " }).where(eq(users.id, owner.user.id));

    const res = await preview(token).expect(200);

    expect(res.body.inviterName).toBe(owner.input.email);
  });
});

describe("a link that opens nothing", () => {
  it("refuses a token of the wrong shape with 400 and a message", async () => {
    const shapes: Record<string, string>[] = [
      {},
      { token: "" },
      { token: "short" },
      { token: "a".repeat(42) },
      { token: "a".repeat(44) },
      { token: `${"a".repeat(42)}+` },
      { token: `${"a".repeat(42)}.` },
      { token: `${"a".repeat(42)}\n` },
    ];
    for (const query of shapes) {
      const res = await request(t.app).get(PREVIEW).query(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toMatch(/invitation link is not valid/);
    }
    const twice = await request(t.app).get(`${PREVIEW}?token=${"a".repeat(43)}&token=${"b".repeat(43)}`);
    expect(twice.status).toBe(400);
  });

  it("answers an unknown token of the right shape with 404, as for a stored hash used as a token", async () => {
    const owner = await ownerOnPro();
    const { id } = await invite(owner, `invitee-${randomBytes(4).toString("hex")}@example.com`);
    const { tokenHash } = await invitationRow(id);

    for (const token of [randomBytes(32).toString("base64url"), tokenHash]) {
      const res = await preview(token);
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/invitation link is not valid/);
      expect(JSON.stringify(res.body)).not.toContain(owner.input.name);
    }
  });

  it("answers an expired invitation with 410 saying so", async () => {
    const owner = await ownerOnPro();
    const { id, token } = await invite(owner, `invitee-${randomBytes(4).toString("hex")}@example.com`);
    await t.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, id));

    const res = await preview(token);

    expect(res.status).toBe(410);
    expect(res.body).toEqual({ code: "GONE", message: expect.stringMatching(/has expired/) });
  });

  it("answers a withdrawn invitation with 410 saying so", async () => {
    const owner = await ownerOnPro();
    const { id, token } = await invite(owner, `invitee-${randomBytes(4).toString("hex")}@example.com`);
    await owner.agent.delete(pathTo(TEAM_PATHS.invitation, { id })).expect(204);

    const res = await preview(token);

    expect(res.status).toBe(410);
    expect(res.body).toEqual({ code: "GONE", message: expect.stringMatching(/was withdrawn/) });
  });

  it("answers an accepted invitation with 410 saying so, to the one who accepted and to anyone else", async () => {
    const owner = await ownerOnPro();
    const invitee = await signUp(t.app);
    const { token } = await invite(owner, invitee.input.email);
    await invitee.agent.post(TEAM_PATHS.accept).send({ token }).expect(200);

    for (const res of [
      await preview(token),
      await invitee.agent.get(`${TEAM_PATHS.preview}?token=${encodeURIComponent(token)}`),
    ]) {
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ code: "GONE", message: expect.stringMatching(/already accepted/) });
    }
  });

  it("counts the previews of one address and refuses past the limit with 429 and Retry-After", async () => {
    const owner = await ownerOnPro();
    const { token } = await invite(owner, `invitee-${randomBytes(4).toString("hex")}@example.com`);
    const limit = t.deps.limits.invitationPreviews;
    t.deps.limits.invitationPreviews = createRateLimit(t.deps.database.pool, {
      keyPrefix: `invitation_preview_test_${randomBytes(4).toString("hex")}`,
      points: 3,
      windowSeconds: 3600,
      message: () => "Too many invitation links opened. Please try again in 60 minutes.",
    });
    try {
      await preview(token).expect(200);
      await preview(randomBytes(32).toString("base64url")).expect(404);
      await preview(token).expect(200);
      const refused = await preview(token);
      expect(refused.status).toBe(429);
      expect(refused.headers["retry-after"]).toBeTruthy();
      expect(refused.body.message).toMatch(/Too many invitation links/);
    } finally {
      t.deps.limits.invitationPreviews = limit;
    }
  });
});
