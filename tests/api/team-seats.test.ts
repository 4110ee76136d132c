import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBillingClock } from "../../server/db/billing-clock";
import { sweepSubscriptions } from "../../server/modules/billing/sweep-subscriptions";
import { paidContext } from "../../server/order-effects/order-effects";
import { API_KEY_PATHS } from "../../shared/api/api-keys";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { BILLING_PATHS, SUBSCRIPTIONS_PATH } from "../../shared/api/billing";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { PLAN_USAGE_PATH } from "../../shared/api/plans";
import { TEAM_PATHS } from "../../shared/api/team";
import { pathTo } from "../../shared/path-to";
import { planById } from "../../shared/plans";
import { auditLog, marketplaceOffers, teamInvitations, users } from "../../shared/schema";
import { subscribeInSandbox } from "../factories/billing";
import { addDomain, insertDomain } from "../factories/domains";
import { addTeamMember, invitationToken } from "../factories/team";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PRO_SEATS = planById("pro").limits.teamSeats as number;
const DAY_SECONDS = 86_400;

const ownerOn = async (plan: string) => {
  const owner = await signUp(t.app);
  const { sub } = await subscribeInSandbox(owner.agent, plan);
  return { ...owner, sub };
};

async function sweep() {
  const now = await moveBillingClock(t.db, 31 * DAY_SECONDS);
  await sweepSubscriptions({
    db: t.db,
    mailer: t.deps.mailer,
    paid: paidContext(30),
    appUrl: t.deps.config.appUrl,
    now,
  });
}

const auditOf = (userId: string, event: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.event, event)));

describe("inviting and accepting", () => {
  it("a member invited by email accepts from the mailed link, opens the portfolio and works in the owner's domains", async () => {
    const owner = await ownerOn("pro");
    const member = await signUp(t.app);
    const domain = await addDomain(owner.agent);

    const invited = await owner.agent
      .post(TEAM_PATHS.invitations)
      .send({ email: ` ${member.input.email.toUpperCase()} `, role: "manager" })
      .expect(201);
    expect(invited.body).toMatchObject({ email: member.input.email.toLowerCase(), role: "manager" });
    const token = await invitationToken(t.db, member.input.email);
    await member.agent.post(TEAM_PATHS.accept).send({ token }).expect(200);

    // Accepting does not switch: the member's own (empty) portfolio is still open.
    expect((await member.agent.get(DOMAIN_PATHS.list).expect(200)).body.domains ?? []).toHaveLength(0);
    const switched = await member.agent.post(TEAM_PATHS.switch).send({ ownerId: owner.user.id }).expect(200);
    expect(switched.body.portfolios).toEqual([
      expect.objectContaining({ ownerId: member.user.id, role: "owner", active: false }),
      expect.objectContaining({
        ownerId: owner.user.id,
        role: "manager",
        effectiveRole: "manager",
        active: true,
      }),
    ]);
    const list = await member.agent.get(DOMAIN_PATHS.list).expect(200);
    expect(JSON.stringify(list.body)).toContain(domain.id);
    await member.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ renewalCost: "12.00" })
      .expect(200);
    expect(
      (await owner.agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id })).expect(200)).body.renewalCost,
    ).toBe("12.00");
    // /auth/me is still the member.
    expect((await member.agent.get(AUTH_PATHS.me).expect(200)).body.user.id).toBe(member.user.id);

    const [action] = await auditOf(owner.user.id, "team_member_action");
    expect(action.detail).toMatchObject({
      actorId: member.user.id,
      actorEmail: member.input.email,
      role: "manager",
      method: "PATCH",
      path: pathTo(DOMAIN_PATHS.one, { id: domain.id }),
    });
    expect(await auditOf(owner.user.id, "team_invitation_sent")).toHaveLength(1);
    expect(await auditOf(owner.user.id, "team_invitation_accepted")).toHaveLength(1);
    expect(await auditOf(owner.user.id, "team_portfolio_switched")).toHaveLength(1);
    // Opening the portfolio that is open already writes nothing more to the owner's log.
    for (let i = 0; i < 3; i++)
      expect((await member.agent.post(TEAM_PATHS.switch).send({ ownerId: owner.user.id })).status).toBe(200);
    expect(await auditOf(owner.user.id, "team_portfolio_switched")).toHaveLength(1);
  });

  it("an invitation is refused to an account with another address, and the link stays good for the right one", async () => {
    const owner = await ownerOn("pro");
    const invitee = await signUp(t.app);
    const other = await signUp(t.app);
    await owner.agent
      .post(TEAM_PATHS.invitations)
      .send({ email: invitee.input.email, role: "viewer" })
      .expect(201);
    const token = await invitationToken(t.db, invitee.input.email);

    const refused = await other.agent.post(TEAM_PATHS.accept).send({ token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(invitee.input.email.toLowerCase());
    await other.agent.post(TEAM_PATHS.switch).send({ ownerId: owner.user.id }).expect(404);

    await invitee.agent.post(TEAM_PATHS.accept).send({ token }).expect(200);
    // Used once: a second accept finds nothing.
    expect((await invitee.agent.post(TEAM_PATHS.accept).send({ token })).status).toBe(404);
  });

  it("a withdrawn invitation's link no longer works and its seat is free again", async () => {
    const owner = await ownerOn("pro");
    const invitee = await signUp(t.app);
    const invited = await owner.agent
      .post(TEAM_PATHS.invitations)
      .send({ email: invitee.input.email, role: "viewer" })
      .expect(201);
    expect((await owner.agent.get(TEAM_PATHS.members).expect(200)).body.seats.used).toBe(1);
    await owner.agent.delete(pathTo(TEAM_PATHS.invitation, { id: invited.body.id })).expect(204);

    const token = await invitationToken(t.db, invitee.input.email);
    expect((await invitee.agent.post(TEAM_PATHS.accept).send({ token })).status).toBe(404);
    expect((await owner.agent.get(TEAM_PATHS.members).expect(200)).body.seats.used).toBe(0);
  });

  it("bad input is refused with 400 and nothing is sent", async () => {
    const owner = await ownerOn("pro");
    for (const body of [{ email: "nope", role: "viewer" }, { email: "a@example.com", role: "owner" }, {}]) {
      const res = await owner.agent.post(TEAM_PATHS.invitations).send(body);
      expect(res.status).toBe(400);
    }
    const own = await owner.agent
      .post(TEAM_PATHS.invitations)
      .send({ email: owner.input.email, role: "viewer" });
    expect(own.status).toBe(400);
    const rows = await t.db.select().from(teamInvitations).where(eq(teamInvitations.ownerId, owner.user.id));
    expect(rows).toHaveLength(0);
  });
});

describe("the seat limit", () => {
  it("a free account has no seats: the first invitation is refused with PLAN_LIMIT naming Pro", async () => {
    const owner = await signUp(t.app);
    const res = await owner.agent
      .post(TEAM_PATHS.invitations)
      .send({ email: "x@example.com", role: "viewer" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: "PLAN_LIMIT",
      limit: {
        key: "teamSeats",
        limit: 0,
        used: 0,
        plan: "free",
        upgradeTo: { id: "pro", limit: PRO_SEATS },
      },
    });
  });

  it("Pro fills its last seat with a pending invitation, and the one after is refused; accepted members count too", async () => {
    const owner = await ownerOn("pro");
    const first = await signUp(t.app);
    await addTeamMember(t.db, owner, first, "viewer");
    for (let i = 1; i < PRO_SEATS; i++) {
      await owner.agent
        .post(TEAM_PATHS.invitations)
        .send({ email: `seat${i}@example.com`, role: "viewer" })
        .expect(201);
    }
    const plan = await owner.agent.get(PLAN_USAGE_PATH).expect(200);
    expect(plan.body.usage.teamSeats).toMatchObject({ used: PRO_SEATS, limit: PRO_SEATS });

    const refused = await owner.agent
      .post(TEAM_PATHS.invitations)
      .send({ email: "over@example.com", role: "viewer" });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "PLAN_LIMIT",
      limit: { key: "teamSeats", limit: PRO_SEATS, used: PRO_SEATS, upgradeTo: { id: "business" } },
    });
    const invitations = await t.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.ownerId, owner.user.id));
    expect(invitations).toHaveLength(PRO_SEATS);
  });

  it("the same address cannot be invited twice, nor a member again", async () => {
    const owner = await ownerOn("pro");
    const member = await signUp(t.app);
    await addTeamMember(t.db, owner, member, "viewer");
    const again = await owner.agent
      .post(TEAM_PATHS.invitations)
      .send({ email: member.input.email, role: "manager" });
    expect(again.status).toBe(409);
    await owner.agent
      .post(TEAM_PATHS.invitations)
      .send({ email: "twice@example.com", role: "viewer" })
      .expect(201);
    expect(
      (await owner.agent.post(TEAM_PATHS.invitations).send({ email: "twice@example.com", role: "viewer" }))
        .status,
    ).toBe(409);
  });
});

describe("roles, removal and downgrade", () => {
  it("a viewer reads the portfolio and is refused every change with ROLE_FORBIDDEN; owner-only routes are refused to a manager", async () => {
    const owner = await ownerOn("pro");
    const viewer = await signUp(t.app);
    const manager = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    await addTeamMember(t.db, owner, viewer, "viewer");
    await addTeamMember(t.db, owner, manager, "manager");

    await viewer.agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id })).expect(200);
    const edit = await viewer.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ renewalCost: "1.00" });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe("ROLE_FORBIDDEN");
    for (const agent of [viewer.agent, manager.agent]) {
      for (const path of [
        PAYMENT_PATHS.balance,
        PAYMENT_PATHS.settings,
        SUBSCRIPTIONS_PATH,
        API_KEY_PATHS.list,
      ]) {
        const res = await agent.get(path);
        expect(res.status, path).toBe(403);
        expect(res.body.code).toBe("ROLE_FORBIDDEN");
      }
      const payout = await agent.post(PAYMENT_PATHS.payout).send({ amount: "10.00" });
      expect(payout.body.code).toBe("ROLE_FORBIDDEN");
      expect(
        (await agent.post(TEAM_PATHS.invitations).send({ email: "z@example.com", role: "manager" })).body
          .code,
      ).toBe("ROLE_FORBIDDEN");
    }
    expect((await owner.agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }))).body.renewalCost).not.toBe(
      "1.00",
    );
  });

  it("a role change applies at the member's next request", async () => {
    const owner = await ownerOn("pro");
    const member = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    const id = await addTeamMember(t.db, owner, member, "viewer");
    expect(
      (await member.agent.patch(pathTo(DOMAIN_PATHS.one, { id: domain.id })).send({ renewalCost: "3.00" }))
        .status,
    ).toBe(403);

    await owner.agent.patch(pathTo(TEAM_PATHS.member, { id })).send({ role: "manager" }).expect(204);

    await member.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ renewalCost: "3.00" })
      .expect(200);
    expect(await auditOf(owner.user.id, "team_role_changed")).toHaveLength(1);
  });

  it("a removed member's session loses the portfolio at its next request and is back in its own", async () => {
    const owner = await ownerOn("pro");
    const member = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    const id = await addTeamMember(t.db, owner, member, "manager");
    await member.agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id })).expect(200);

    await owner.agent.delete(pathTo(TEAM_PATHS.member, { id })).expect(204);

    const next = await member.agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
    expect(next.status).toBe(403);
    expect(next.body.code).toBe("PORTFOLIO_ACCESS_ENDED");
    // From then on the member works in their own portfolio, where the owner's domain does not exist.
    expect((await member.agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }))).status).toBe(404);
    const portfolios = await member.agent.get(TEAM_PATHS.portfolios).expect(200);
    expect(portfolios.body.portfolios).toHaveLength(1);
    expect(await auditOf(owner.user.id, "team_member_removed")).toHaveLength(1);
  });

  it("a suspended owner's portfolio is closed to its members too", async () => {
    const owner = await ownerOn("pro");
    const member = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    await addTeamMember(t.db, owner, member, "manager");

    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, owner.user.id));

    const res = await member.agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("PORTFOLIO_ACCESS_ENDED");
    await member.agent.post(TEAM_PATHS.switch).send({ ownerId: owner.user.id }).expect(404);
  });

  it("a member can leave a portfolio", async () => {
    const owner = await ownerOn("pro");
    const member = await signUp(t.app);
    await addTeamMember(t.db, owner, member, "viewer");
    await member.agent.delete(pathTo(TEAM_PATHS.leave, { ownerId: owner.user.id })).expect(204);
    expect((await owner.agent.get(TEAM_PATHS.members).expect(200)).body.members).toHaveLength(0);
    expect((await member.agent.get(TEAM_PATHS.portfolios).expect(200)).body.portfolios).toHaveLength(1);
    expect(await auditOf(owner.user.id, "team_member_left")).toHaveLength(1);
  });

  it("after a downgrade no member is deleted, no invitation can be sent, and managers work read-only until the team fits", async () => {
    const owner = await ownerOn("pro");
    const manager = await signUp(t.app);
    const domain = await addDomain(owner.agent);
    const id = await addTeamMember(t.db, owner, manager, "manager");
    await manager.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ renewalCost: "4.00" })
      .expect(200);

    await owner.agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: owner.sub.id })).expect(200);
    await sweep();

    const team = await owner.agent.get(TEAM_PATHS.members).expect(200);
    expect(team.body).toMatchObject({ overLimit: true, seats: { used: 1, limit: 0 } });
    expect(team.body.members).toHaveLength(1);
    const invite = await owner.agent
      .post(TEAM_PATHS.invitations)
      .send({ email: "new@example.com", role: "viewer" });
    expect(invite.body.code).toBe("PLAN_LIMIT");
    // Still reads, no longer writes.
    await manager.agent.get(pathTo(DOMAIN_PATHS.one, { id: domain.id })).expect(200);
    const edit = await manager.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ renewalCost: "5.00" });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({ code: "ROLE_FORBIDDEN" });
    expect(edit.body.message).toMatch(/seats/);
    const portfolios = await manager.agent.get(TEAM_PATHS.portfolios).expect(200);
    expect(portfolios.body.portfolios[1]).toMatchObject({ role: "manager", effectiveRole: "viewer" });

    // Back on a plan with seats, the manager edits again.
    await subscribeInSandbox(owner.agent, "pro");
    await manager.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ renewalCost: "5.00" })
      .expect(200);
    expect(id).toBeTruthy();
  });

  it("an invitation accepted after a downgrade is refused with PLAN_LIMIT when the members fill the seats", async () => {
    const owner = await ownerOn("pro");
    const invitee = await signUp(t.app);
    await owner.agent
      .post(TEAM_PATHS.invitations)
      .send({ email: invitee.input.email, role: "viewer" })
      .expect(201);
    await owner.agent.post(pathTo(BILLING_PATHS.subscriptionCancel, { id: owner.sub.id })).expect(200);
    await sweep();
    const token = await invitationToken(t.db, invitee.input.email);
    const res = await invitee.agent.post(TEAM_PATHS.accept).send({ token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("PLAN_LIMIT");
  });
});

describe("a manager and the owner's offers", () => {
  it("answers offers on the owner's listings, never on domains the owner is buying", async () => {
    const owner = await ownerOn("pro");
    const manager = await signUp(t.app);
    await addTeamMember(t.db, owner, manager, "manager");
    const seller = await signUp(t.app);
    const theirs = await insertDomain(t.db, seller.user.id, {
      marketplacePrice: "1000.00",
      listedAt: new Date(),
    });
    const ours = await insertDomain(t.db, owner.user.id, {
      marketplacePrice: "1000.00",
      listedAt: new Date(),
    });

    // The owner is the buyer: the seller's counter waits on the owner alone.
    const bid = await owner.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: theirs.id, amount: "800" });
    const counter = await seller.agent
      .post(pathTo(marketplaceDealPaths.counter, { id: bid.body.id }))
      .send({ amount: "900" });
    for (const action of ["accept", "decline"]) {
      const res = await manager.agent.post(`/api/marketplace/offers/${counter.body.id}/${action}`);
      expect(res.status, action).toBe(403);
      expect(res.body.code).toBe("ROLE_FORBIDDEN");
    }
    const raised = await manager.agent
      .post(pathTo(marketplaceDealPaths.counter, { id: counter.body.id }))
      .send({ amount: "5000" });
    expect(raised.status).toBe(403);
    const [still] = await t.db
      .select()
      .from(marketplaceOffers)
      .where(eq(marketplaceOffers.id, counter.body.id));
    expect(still.status).toBe("open");

    // The owner is the seller: the manager answers for them.
    const buyer = await signUp(t.app);
    const offer = await buyer.agent
      .post(marketplaceDealPaths.offers)
      .send({ domainId: ours.id, amount: "950" });
    const accepted = await manager.agent.post(pathTo(marketplaceDealPaths.accept, { id: offer.body.id }));
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe("accepted");
  });
});
