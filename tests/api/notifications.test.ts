import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { creditHeldFunds, releaseHeldFunds } from "../../server/modules/ledger/held-funds";
import { ADMIN_PAYOUTS_PATHS } from "../../shared/api/admin/payouts";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { NOTIFICATIONS_PATHS } from "../../shared/api/notifications";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { NOTIFICATION_SETTINGS_PATH } from "../../shared/api/settings";
import { ADMIN_TICKETS_PATHS, SUPPORT_PATHS } from "../../shared/api/support";
import { pathTo } from "../../shared/path-to";
import { mailOutbox, notifications } from "../../shared/schema";
import { insertDomain } from "../factories/domains";
import { otherMailTo } from "../factories/email";
import { fundBalance } from "../factories/payments";
import { signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<typeof signUp>>;

/** The mails to `email` other than the registration's confirmation link, oldest first. */
const mailsTo = async (email: string) =>
  (
    await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(otherMailTo(email))
      .orderBy(mailOutbox.createdAt)
  ).map((m) => m.subject);

/** A seller with a listed domain, and a buyer who writes to them about it: one notification. */
async function inquiry(seller: Account, message = "Would you take $3,500?") {
  const buyer = await signUp(t.app);
  const domain = await insertDomain(t.db, seller.user.id, {
    marketplacePrice: "4000.00",
    listedAt: new Date(),
  });
  await buyer.agent.post(marketplacePaths.contact).send({ domainId: domain.id, message }).expect(201);
  return { buyer, domain };
}

const list = async (account: Account, query = "") =>
  (await account.agent.get(`/api/notifications${query}`).expect(200)).body;

describe("GET /api/notifications", () => {
  it("answers the user's notifications, newest first, with the unread count", async () => {
    const seller = await signUp(t.app);
    const first = await inquiry(seller, "First offer");
    const second = await inquiry(seller, "Second offer");

    const body = await list(seller);

    expect(body.unreadCount).toBe(2);
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      kind: "buyer_inquiry",
      title: `New inquiry about ${second.domain.name}`,
      body: `${second.buyer.input.email} wrote: Second offer`,
      href: "/marketplace",
      createdAt: expect.any(String),
      readAt: null,
    });
    expect(body.items[1].title).toBe(`New inquiry about ${first.domain.name}`);
    expect(Date.parse(body.items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(body.items[1].createdAt));
  });

  it("shows nobody else's notifications, and answers `limit` rows at most", async () => {
    const seller = await signUp(t.app);
    const { buyer } = await inquiry(seller);
    await inquiry(seller);

    expect(await list(buyer)).toEqual({ items: [], unreadCount: 0 });
    const one = await list(seller, "?limit=1");
    expect(one.items).toHaveLength(1);
    expect(one.unreadCount).toBe(2);
  });

  it("refuses a signed-out visitor with 401 and a bad limit with 400", async () => {
    expect((await request(t.app).get(NOTIFICATIONS_PATHS.list)).status).toBe(401);
    const seller = await signUp(t.app);
    for (const limit of ["0", "101", "ten"]) {
      const res = await seller.agent.get(`${NOTIFICATIONS_PATHS.list}?limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.message).toMatch(/Invalid input/);
    }
  });
});

describe("POST /api/notifications/read", () => {
  it("marks the named notifications read and answers the unread count; a second time keeps the first time", async () => {
    const seller = await signUp(t.app);
    await inquiry(seller);
    await inquiry(seller);
    const [newest, older] = (await list(seller)).items;

    const res = await seller.agent.post(NOTIFICATIONS_PATHS.read).send({ ids: [newest.id] });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unreadCount: 1 });
    const after = await list(seller);
    const readAt = after.items[0].readAt;
    expect(readAt).toEqual(expect.any(String));
    expect(after.items[1]).toMatchObject({ id: older.id, readAt: null });
    await seller.agent
      .post(NOTIFICATIONS_PATHS.read)
      .send({ ids: [newest.id] })
      .expect(200);
    expect((await list(seller)).items[0].readAt).toBe(readAt);
  });

  it("marks all of them read with {all: true}", async () => {
    const seller = await signUp(t.app);
    await inquiry(seller);
    await inquiry(seller);

    const res = await seller.agent.post(NOTIFICATIONS_PATHS.read).send({ all: true });

    expect(res.body).toEqual({ unreadCount: 0 });
    expect((await list(seller)).items.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
  });

  it("changes nothing of another user's notifications, by id or by all", async () => {
    const victim = await signUp(t.app);
    const intruder = await signUp(t.app);
    await inquiry(victim);
    const [theirs] = (await list(victim)).items;

    const byId = await intruder.agent.post(NOTIFICATIONS_PATHS.read).send({ ids: [theirs.id] });
    const byAll = await intruder.agent.post(NOTIFICATIONS_PATHS.read).send({ all: true });

    expect(byId.body).toEqual({ unreadCount: 0 });
    expect(byAll.body).toEqual({ unreadCount: 0 });
    expect(await list(victim)).toMatchObject({ unreadCount: 1, items: [{ id: theirs.id, readAt: null }] });
  });

  it.each([
    ["no ids", { ids: [] }],
    ["an id that is not one", { ids: ["not-an-id"] }],
    ["all: false", { all: false }],
    ["an empty body", {}],
    ["ids and all together", { ids: [randomUUID()], all: true }],
  ])("refuses %s with 400 and marks nothing", async (_label, body) => {
    const seller = await signUp(t.app);
    await inquiry(seller);

    const res = await seller.agent.post(NOTIFICATIONS_PATHS.read).send(body);

    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Invalid input/);
    expect((await list(seller)).unreadCount).toBe(1);
  });

  it("refuses a signed-out visitor with 401", async () => {
    expect((await request(t.app).post(NOTIFICATIONS_PATHS.read).send({ all: true })).status).toBe(401);
  });
});

describe("notifications and email preferences", () => {
  it("a buyer's inquiry is emailed only while Revenue Alerts are on; the bell has it either way", async () => {
    const seller = await signUp(t.app);
    await inquiry(seller);
    expect(await mailsTo(seller.input.email)).toHaveLength(1);

    await seller.agent
      .put(NOTIFICATION_SETTINGS_PATH)
      .send({ revenueAlerts: false, expiryWarnings: true, affiliateUpdates: false })
      .expect(200);
    const { domain } = await inquiry(seller);

    expect(await mailsTo(seller.input.email)).toHaveLength(1);
    expect((await list(seller)).items[0].title).toBe(`New inquiry about ${domain.name}`);
    expect((await list(seller)).unreadCount).toBe(2);
  });

  it("a new referral is emailed only with Affiliate Updates on; the bell has it either way", async () => {
    const referrer = await signUp(t.app);
    const code = referrer.user.referralCode;
    await signUp(t.app, { referralCode: code });
    expect(await mailsTo(referrer.input.email)).toEqual([]);

    await referrer.agent
      .put(NOTIFICATION_SETTINGS_PATH)
      .send({ revenueAlerts: true, expiryWarnings: true, affiliateUpdates: true })
      .expect(200);
    await signUp(t.app, { referralCode: code });

    expect(await mailsTo(referrer.input.email)).toEqual(["A new affiliate joined ParkPilot through you"]);
    const { items } = await list(referrer);
    expect(items.map((n: { kind: string }) => n.kind)).toEqual(["affiliate_joined", "affiliate_joined"]);
    expect(items[0].href).toBe("/affiliates");
  });

  it("a payout held for review, then sent, is on the bell; the hold is emailed even with every switch off", async () => {
    const staff = await signInStaff(t);
    const owner = await signUp(t.app);
    await owner.agent
      .put(NOTIFICATION_SETTINGS_PATH)
      .send({ revenueAlerts: false, expiryWarnings: false, affiliateUpdates: false })
      .expect(200);
    await fundBalance(t.db, owner.user.id, "60.00");

    const held = await owner.agent
      .post(PAYMENT_PATHS.payout)
      .send({ amount: "60.00", paypalEmail: "me@wallet.test" })
      .expect(201);
    await staff.agent.post(pathTo(ADMIN_PAYOUTS_PATHS.approve, { id: held.body.id })).expect(200);

    const { items } = await list(owner);
    expect(items.map((n: { kind: string; href: string }) => [n.kind, n.href])).toEqual([
      ["payout_sent", "/payments"],
      ["payout_held", "/payments"],
    ]);
    expect(items[0].body).toBe("$60.00 is on its way to me@wallet.test.");
    expect(await mailsTo(owner.input.email)).toContain("Your payout is held for review");
  });

  it("a ticket answered by staff is on the bell, linked to Support, and emailed even with every switch off", async () => {
    const staff = await signInStaff(t);
    const user = await signUp(t.app);
    await user.agent
      .put(NOTIFICATION_SETTINGS_PATH)
      .send({ revenueAlerts: false, expiryWarnings: false, affiliateUpdates: false })
      .expect(200);
    const opened = await user.agent
      .post(SUPPORT_PATHS.list)
      .send({ subject: "Parking page down", body: "It shows an error." })
      .expect(201);

    await staff.agent
      .post(pathTo(ADMIN_TICKETS_PATHS.reply, { id: opened.body.ticket.id }))
      .send({ body: "We restarted it; please check." })
      .expect(201);

    expect((await list(user)).items).toMatchObject([
      {
        kind: "ticket_answered",
        title: "Support answered: Parking page down",
        body: "We restarted it; please check.",
        href: "/settings#support",
        readAt: null,
      },
    ]);
    expect(await mailsTo(user.input.email)).toContain("Support answered: Parking page down");
    expect(await list(staff)).toEqual({ items: [], unreadCount: 0 });
  });

  it("held funds whose hold ended tell each owner once, with the sum released", async () => {
    const owner = await signUp(t.app);
    for (const amount of ["10.00", "2.50"]) {
      await creditHeldFunds(t.db, {
        userId: owner.user.id,
        kind: "lead",
        revenueType: "lead",
        amount,
        holdDays: 1,
        description: "Test lead",
        sourceKey: `test:${randomUUID()}`,
      });
    }

    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 2 * 86_400_000) });
    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 3 * 86_400_000) });

    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "funds_released", href: "/payments" });
    expect(rows[0].body).toContain("$12.50");
  });
});
