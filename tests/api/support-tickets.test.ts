import { and, eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TICKETS_PER_HOUR } from "../../server/deps";
import { ADMIN_TICKETS_PATHS, SUPPORT_PATHS } from "../../shared/api/support";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { optionById, SUPPORT_TIERS } from "../../shared/prices";
import { auditLog, mailOutbox, supportMessages, supportTickets } from "../../shared/schema";
import { payInSandbox } from "../factories/billing";
import { addDomain } from "../factories/domains";
import { CONFIRMATION_SUBJECT } from "../factories/email";
import { type Staff, signInStaff, staffApp } from "../factories/staff";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let staff: Staff;
beforeAll(async () => ({ t, staff } = await staffApp()));
afterAll(() => t.close());

type Agent = ReturnType<typeof request.agent>;
const HOUR = 3_600_000;
const ticketsOf = (userId: string) =>
  t.db.select().from(supportTickets).where(eq(supportTickets.userId, userId));
const mailTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const open = (agent: Agent, body: Record<string, unknown> = {}) =>
  agent
    .post(SUPPORT_PATHS.list)
    .send({ subject: "Payout missing", body: "My payout of $50 has not arrived.", ...body });
const hoursUntilDue = (ticket: { createdAt: string; responseDueAt: string }) =>
  Math.round((Date.parse(ticket.responseDueAt) - Date.parse(ticket.createdAt)) / HOUR);

async function subscribeToSupport(agent: Agent, tier: string) {
  const res = await agent
    .post(OFFERS.supportSubscription.path)
    .send({ tier, price: optionById(SUPPORT_TIERS, tier).price })
    .expect(201);
  await payInSandbox(agent, res.body.orderId);
}

describe("opening a ticket", () => {
  it("saves the subject and first message, and without a support subscription the target is standard's 72 hours", async () => {
    const user = await signUp(t.app);
    expect((await user.agent.get(SUPPORT_PATHS.target).expect(200)).body).toEqual({
      tier: "standard",
      label: "Standard",
      hours: 72,
    });

    const res = await open(user.agent, { subject: "  Payout missing  " }).expect(201);

    expect(res.body.ticket).toMatchObject({
      subject: "Payout missing",
      status: "open",
      tier: "standard",
      overdue: false,
    });
    expect(hoursUntilDue(res.body.ticket)).toBe(72);
    expect(res.body.messages).toHaveLength(1);
    expect(res.body.messages[0]).toMatchObject({
      fromStaff: false,
      body: "My payout of $50 has not arrived.",
    });
    const list = await user.agent.get(SUPPORT_PATHS.list).expect(200);
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([res.body.ticket.id]);
  });

  it("takes the tier of a paid support subscription: VIP answers within 4 hours", async () => {
    const user = await signUp(t.app);
    await subscribeToSupport(user.agent, "vip");
    expect((await user.agent.get(SUPPORT_PATHS.target).expect(200)).body.hours).toBe(4);

    const res = await open(user.agent).expect(201);

    expect(res.body.ticket.tier).toBe("vip");
    expect(hoursUntilDue(res.body.ticket)).toBe(4);
  });

  it("links the user's own domain, and refuses another user's domain or order with 404, saving nothing", async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const own = await addDomain(user.agent);
    const theirs = await addDomain(other.agent);
    const theirOrder = await other.agent
      .post(OFFERS.appraisal.path)
      .send({ type: "basic", price: "29.99", domainId: theirs.id })
      .expect(201);

    const linked = await open(user.agent, { domainId: own.id }).expect(201);
    expect(linked.body.ticket).toMatchObject({ domainId: own.id, domainName: own.name });

    expect((await open(user.agent, { domainId: theirs.id })).status).toBe(404);
    expect((await open(user.agent, { orderId: theirOrder.body.orderId })).status).toBe(404);
    expect(await ticketsOf(user.user.id)).toHaveLength(1);
  });

  it("refuses a missing subject, an empty or over-long message and a malformed id with 400, saving nothing", async () => {
    const user = await signUp(t.app);
    const bad = [
      { subject: "" },
      { body: "   " },
      { body: "x".repeat(5001) },
      { subject: "s".repeat(201) },
      { domainId: "not-an-id" },
    ];
    for (const body of bad) {
      const res = await open(user.agent, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await ticketsOf(user.user.id)).toHaveLength(0);
    expect(
      (await request(t.app).post(SUPPORT_PATHS.list).send({ subject: "Hi there", body: "x" })).status,
    ).toBe(401);
  });

  it(`refuses more than ${TICKETS_PER_HOUR} new tickets an hour with 429`, async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < TICKETS_PER_HOUR; i++) await open(user.agent).expect(201);
    const refused = await open(user.agent);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/too many tickets/i);
    expect(await ticketsOf(user.user.id)).toHaveLength(TICKETS_PER_HOUR);
  });

  it("tells staff by email that a ticket was opened", async () => {
    const user = await signUp(t.app);
    await open(user.agent, { subject: "Where is my report" }).expect(201);
    const mail = (await mailTo(staff.input.email)).find((m) => m.subject.includes("Where is my report"));
    expect(mail?.body).toContain(user.input.email);
    expect(mail?.body).toContain("My payout of $50 has not arrived.");
  });
});

describe("a user's tickets are their own", () => {
  it("answers another user's ticket with 404 on read, reply and close, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const { id } = (await open(owner.agent).expect(201)).body.ticket;

    expect((await intruder.agent.get(pathTo(SUPPORT_PATHS.one, { id }))).status).toBe(404);
    expect(
      (await intruder.agent.post(pathTo(SUPPORT_PATHS.messages, { id })).send({ body: "Hi" })).status,
    ).toBe(404);
    expect((await intruder.agent.post(pathTo(SUPPORT_PATHS.close, { id }))).status).toBe(404);
    expect((await intruder.agent.get(SUPPORT_PATHS.list).expect(200)).body).toEqual([]);

    const thread = await owner.agent.get(pathTo(SUPPORT_PATHS.one, { id })).expect(200);
    expect(thread.body.ticket.status).toBe("open");
    expect(thread.body.messages).toHaveLength(1);
  });
});

describe("a thread both ways", () => {
  it("staff answer (the user is emailed, the ticket waits on the user), the user replies (staff are emailed, it waits on staff again), the user closes it", async () => {
    const user = await signUp(t.app);
    const { id } = (await open(user.agent, { subject: "Parking page down" }).expect(201)).body.ticket;

    const answered = await staff.agent
      .post(pathTo(ADMIN_TICKETS_PATHS.reply, { id }))
      .send({ body: "We restarted it; please check." })
      .expect(201);
    expect(answered.body.ticket.status).toBe("answered");
    const toUser = (await mailTo(user.input.email)).find((m) => m.subject.includes("Parking page down"));
    expect(toUser?.body).toContain("We restarted it; please check.");

    const mine = await user.agent.get(pathTo(SUPPORT_PATHS.one, { id })).expect(200);
    expect(
      mine.body.messages.map((m: { fromStaff: boolean; body: string }) => [m.fromStaff, m.body]),
    ).toEqual([
      [false, "My payout of $50 has not arrived."],
      [true, "We restarted it; please check."],
    ]);

    const staffMailBefore = (await mailTo(staff.input.email)).length;
    const replied = await user.agent
      .post(pathTo(SUPPORT_PATHS.messages, { id }))
      .send({ body: "Works now, thanks." })
      .expect(201);
    expect(replied.body.ticket.status).toBe("open");
    expect(replied.body.messages).toHaveLength(3);
    const staffMail = await mailTo(staff.input.email);
    expect(staffMail).toHaveLength(staffMailBefore + 1);
    expect(staffMail.at(-1)?.body).toContain("Works now, thanks.");

    const seenByStaff = await staff.agent.get(pathTo(ADMIN_TICKETS_PATHS.one, { id })).expect(200);
    expect(seenByStaff.body.messages.at(-1)).toMatchObject({ fromStaff: false, body: "Works now, thanks." });
    expect(seenByStaff.body.ticket.userEmail).toBe(user.input.email);

    const closed = await user.agent.post(pathTo(SUPPORT_PATHS.close, { id })).expect(200);
    expect(closed.body.ticket.status).toBe("closed");
  });

  it("audits each staff reply and status change with the staff member and the ticket", async () => {
    const user = await signUp(t.app);
    const { id } = (await open(user.agent).expect(201)).body.ticket;
    await staff.agent.post(pathTo(ADMIN_TICKETS_PATHS.reply, { id })).send({ body: "On it." }).expect(201);
    await staff.agent.post(pathTo(ADMIN_TICKETS_PATHS.status, { id })).send({ status: "closed" }).expect(200);

    const actions = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.userId, staff.user.id), eq(auditLog.event, "staff_action")));
    const onTicket = actions
      .map((a) => a.detail as { action: string; object: { id: string } })
      .filter((d) => d.object.id === id);
    expect(onTicket.map((d) => d.action)).toEqual(["ticket.replied", "ticket.status_changed"]);
  });

  it("refuses an empty staff reply and an unknown status with 400, and an unknown ticket with 404", async () => {
    const user = await signUp(t.app);
    const { id } = (await open(user.agent).expect(201)).body.ticket;
    expect(
      (await staff.agent.post(pathTo(ADMIN_TICKETS_PATHS.reply, { id })).send({ body: " " })).status,
    ).toBe(400);
    expect(
      (await staff.agent.post(pathTo(ADMIN_TICKETS_PATHS.status, { id })).send({ status: "lost" })).status,
    ).toBe(400);
    expect((await staff.agent.get("/api/admin/tickets/00000000-0000-4000-8000-000000000000")).status).toBe(
      404,
    );
    const [row] = await t.db.select().from(supportMessages).where(eq(supportMessages.ticketId, id));
    expect(row.fromStaff).toBe(false);
    expect((await t.db.select().from(supportMessages).where(eq(supportMessages.ticketId, id))).length).toBe(
      1,
    );
  });
});

describe("the staff queue", () => {
  it("puts the most urgent tier first, then the earliest due, and flags a ticket waiting past its due time", async () => {
    const standard = await signUp(t.app, { email: "queue-standard@example.com" });
    const whiteGlove = await signUp(t.app, { email: "queue-white-glove@example.com" });
    await subscribeToSupport(whiteGlove.agent, "white-glove");
    const late = (await open(standard.agent, { subject: "Queue late" }).expect(201)).body.ticket.id;
    const later = (await open(standard.agent, { subject: "Queue later" }).expect(201)).body.ticket.id;
    const urgent = (await open(whiteGlove.agent, { subject: "Queue urgent" }).expect(201)).body.ticket.id;
    await t.db.execute(
      sql`update support_tickets set response_due_at = now() - interval '1 hour' where id = ${late}`,
    );

    const res = await staff.agent.get(ADMIN_TICKETS_PATHS.list).query({ q: "queue" }).expect(200);

    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([urgent, late, later]);
    expect(res.body.data.map((x: { overdue: boolean }) => x.overdue)).toEqual([false, true, false]);
    expect(res.body.data[0]).toMatchObject({
      tier: "white-glove",
      userEmail: "queue-white-glove@example.com",
    });
  });

  it("gives a ticket staff reopen a new due time from its tier, so it does not come back overdue", async () => {
    const user = await signUp(t.app);
    const { id } = (await open(user.agent).expect(201)).body.ticket;
    await t.db.execute(
      sql`update support_tickets set response_due_at = now() - interval '1 hour' where id = ${id}`,
    );
    await staff.agent.post(pathTo(ADMIN_TICKETS_PATHS.status, { id })).send({ status: "closed" }).expect(200);

    const reopened = await staff.agent
      .post(pathTo(ADMIN_TICKETS_PATHS.status, { id }))
      .send({ status: "open" })
      .expect(200);

    expect(reopened.body.ticket).toMatchObject({ status: "open", overdue: false });
    expect(Date.parse(reopened.body.ticket.responseDueAt) - Date.now()).toBeGreaterThan(71 * HOUR);
  });

  it("pages through the queue and filters by status", async () => {
    const user = await signUp(t.app);
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push((await open(user.agent, { subject: `Paging ${n}` }).expect(201)).body.ticket.id);
    await staff.agent
      .post(pathTo(ADMIN_TICKETS_PATHS.status, { id: ids[0] }))
      .send({ status: "closed" })
      .expect(200);

    const first = await staff.agent
      .get(ADMIN_TICKETS_PATHS.list)
      .query({ q: "paging", limit: 1 })
      .expect(200);
    const second = await staff.agent
      .get(ADMIN_TICKETS_PATHS.list)
      .query({ q: "paging", limit: 1, cursor: first.body.nextCursor })
      .expect(200);
    expect([...first.body.data, ...second.body.data].map((x: { id: string }) => x.id)).toEqual([
      ids[1],
      ids[2],
    ]);
    expect(second.body.nextCursor).toBeNull();
    const closed = await staff.agent
      .get(ADMIN_TICKETS_PATHS.list)
      .query({ q: "paging", status: "closed" })
      .expect(200);
    expect(closed.body.data.map((x: { id: string }) => x.id)).toEqual([ids[0]]);
  });

  it("answers every ticket route with 404 to a signed-in user who is not staff", async () => {
    const user = await signUp(t.app);
    const { id } = (await open(user.agent).expect(201)).body.ticket;
    expect((await user.agent.get(ADMIN_TICKETS_PATHS.list)).status).toBe(404);
    expect((await user.agent.get(pathTo(ADMIN_TICKETS_PATHS.one, { id }))).status).toBe(404);
    expect(
      (await user.agent.post(pathTo(ADMIN_TICKETS_PATHS.reply, { id })).send({ body: "Hi" })).status,
    ).toBe(404);
    expect(
      (await user.agent.post(pathTo(ADMIN_TICKETS_PATHS.status, { id })).send({ status: "closed" })).status,
    ).toBe(404);
    const thread = await user.agent.get(pathTo(SUPPORT_PATHS.one, { id })).expect(200);
    expect(thread.body.messages).toHaveLength(1);
    expect(thread.body.ticket.status).toBe("open");
  });
});

describe("with SUPPORT_EMAIL set", () => {
  let inbox: TestApp;
  beforeAll(async () => {
    inbox = await createTestApp({ env: { SUPPORT_EMAIL: "Help@Example.com" } });
  }, 180_000);
  afterAll(() => inbox.close());

  it("tells the support inbox, not each staff account, that a user wrote", async () => {
    const desk = await signInStaff(inbox);
    const user = await signUp(inbox.app);
    await user.agent
      .post(SUPPORT_PATHS.list)
      .send({ subject: "Inbox routing", body: "Who reads this?" })
      .expect(201);
    const mail = await inbox.db.select().from(mailOutbox);
    expect(mail.filter((m) => m.to === "help@example.com").map((m) => m.subject)).toEqual([
      "New support ticket (Standard): Inbox routing",
    ]);
    expect(mail.filter((m) => m.to === desk.input.email && m.subject !== CONFIRMATION_SUBJECT)).toEqual([]);
  });
});
