import { eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TAdminWorkOrder } from "../../shared/api/admin/work-orders";
import { ADMIN_WORK_ORDERS_PATHS } from "../../shared/api/admin/work-orders";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { MAX_DELIVERABLE_BYTES, WORK_ORDER_PATHS } from "../../shared/api/work-orders";
import type { OfferKey } from "../../shared/catalog";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { auditLog, serviceOrders, workOrderDeliverables, workOrders } from "../../shared/schema";
import { orderAccountPlan, payInSandbox } from "../factories/billing";
import { insertDomain } from "../factories/domains";
import { purchaseBody } from "../factories/purchases";
import { type Staff, signInStaff, staffApp } from "../factories/staff";
import { signUp } from "../factories/users";
import type { TestApp } from "../setup/test-app";

let t: TestApp;
let staff: Staff;
beforeAll(async () => ({ t, staff } = await staffApp()));
afterAll(() => t.close());

const deliverablesOf = (workOrderId: string) =>
  t.db.select().from(workOrderDeliverables).where(eq(workOrderDeliverables.workOrderId, workOrderId));

const HOUR = 3_600_000;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const path = (id: string, rest = "") => `/api/admin/work-orders/${id}${rest}`;

/** An owner with a domain who orders `offerKey` with `body`; paid unless told otherwise. */
async function buy(offerKey: OfferKey, body: Record<string, unknown> = {}, pay = true) {
  const owner = await signUp(t.app);
  const domain = await insertDomain(t.db, owner.user.id);
  const offerPaths = {
    appraisal: OFFERS.appraisal.path,
    broker: OFFERS.broker.path,
    premiumService: OFFERS.premiumService.path,
  } as Record<string, string>;
  const order = await owner.agent
    .post(offerPaths[offerKey])
    .send({ ...purchaseBody(offerKey, domain.id, "0"), ...body })
    .expect(201);
  const orderId: string = order.body.orderId;
  if (pay) await payInSandbox(owner.agent, orderId);
  const [workOrder] = await t.db.select().from(workOrders).where(eq(workOrders.orderId, orderId));
  const [paid] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId));
  return { owner, domain, orderId, workOrder, paidAt: paid.paidAt };
}

const mailsTo = async (email: string) =>
  (
    await t.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from mail_outbox where "to" = ${email} order by created_at`,
    )
  ).rows;

const upload = (id: string, name: string, type: string, bytes: Buffer) =>
  staff.agent
    .post(`${path(id, "/deliverables/file")}?name=${encodeURIComponent(name)}`)
    .set("Content-Type", type)
    .send(bytes);

describe("work orders from paid orders", () => {
  it("a paid enterprise appraisal is due after a week, for the analyst's review; the other tiers are computed and make none", async () => {
    const enterprise = await buy("appraisal", { type: "enterprise", price: "499.99" });
    expect(enterprise.workOrder).toMatchObject({
      status: "queued",
      offerId: "appraisal",
      userId: enterprise.owner.user.id,
    });
    expect(enterprise.workOrder.dueAt.getTime() - enterprise.paidAt!.getTime()).toBe(7 * 24 * HOUR);
    for (const [type, price] of [
      ["basic", "29.99"],
      ["professional", "99.99"],
      ["premium", "199.99"],
    ]) {
      const computed = await buy("appraisal", { type, price });
      expect(computed.workOrder).toBeUndefined();
    }
  });

  it("a paid broker engagement is due at the end of its sale timeline, with the buyer's brief", async () => {
    const broker = await buy("broker", { timeline: "1-3months", price: "599.99" });
    const due = new Date(broker.paidAt!);
    due.setUTCMonth(due.getUTCMonth() + 3);
    expect(broker.workOrder.dueAt.toISOString()).toBe(due.toISOString());
    expect(broker.workOrder.description).toContain("Sale timeline: 1-3 months");
    expect(broker.workOrder.description).toContain("Notes: Quick sale");
  });

  it("a paid premium service is due after its set days (traffic boost: 30)", async () => {
    const premium = await buy("premiumService", { serviceType: "traffic_boost", price: "199.99" });
    expect(premium.workOrder.dueAt.getTime() - premium.paidAt!.getTime()).toBe(30 * 24 * HOUR);
  });

  it("an unpaid order and an order of an offer no one delivers make no work order; paying twice makes one", async () => {
    const unpaid = await buy("appraisal", { type: "enterprise", price: "499.99" }, false);
    expect(unpaid.workOrder).toBeUndefined();
    const owner = await signUp(t.app);
    const planOrder = await orderAccountPlan(owner.agent);
    await payInSandbox(owner.agent, planOrder);
    expect(await t.db.select().from(workOrders).where(eq(workOrders.orderId, planOrder))).toEqual([]);
    const paid = await buy("appraisal", { type: "enterprise", price: "499.99" });
    await paid.owner.agent.post(`${pathTo(CHECKOUT_PATHS.sandboxPay, { id: paid.orderId })}?provider=stripe`);
    expect(await t.db.select().from(workOrders).where(eq(workOrders.orderId, paid.orderId))).toHaveLength(1);
  });
});

describe("the queue", () => {
  it("lists open orders earliest due first with overdue ones flagged, pages, filters and searches", async () => {
    const late = await buy("appraisal", { type: "enterprise", price: "499.99" });
    await t.db
      .update(workOrders)
      .set({ dueAt: new Date(Date.now() - 1000 * HOUR) })
      .where(eq(workOrders.id, late.workOrder.id));
    const first = await staff.agent.get(`${ADMIN_WORK_ORDERS_PATHS.list}?limit=1`).expect(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.data[0]).toMatchObject({ id: late.workOrder.id, overdue: true, status: "queued" });
    expect(first.body.data[0].buyerEmail).toBe(late.owner.input.email);
    const next = await staff.agent
      .get(`${ADMIN_WORK_ORDERS_PATHS.list}?limit=1&cursor=${first.body.nextCursor}`)
      .expect(200);
    expect(next.body.data[0].id).not.toBe(late.workOrder.id);
    expect(next.body.data[0].dueAt >= first.body.data[0].dueAt).toBe(true);

    const found = await staff.agent.get(
      `${ADMIN_WORK_ORDERS_PATHS.list}?q=${late.owner.input.email.toUpperCase()}`,
    );
    expect(found.body.data.map((w: TAdminWorkOrder) => w.id)).toEqual([late.workOrder.id]);
    expect((await staff.agent.get(`${ADMIN_WORK_ORDERS_PATHS.list}?status=delivered`)).body.data).toEqual([]);
    expect((await staff.agent.get(`${ADMIN_WORK_ORDERS_PATHS.list}?status=done`)).status).toBe(400);
    expect((await staff.agent.get(`${ADMIN_WORK_ORDERS_PATHS.list}?cursor=nope`)).status).toBe(400);
  });
});

describe("a work order's life", () => {
  it("is assigned, noted, started, given a file and a text, and delivered; the buyer is mailed at each change and every action is audited", async () => {
    const { owner, domain, workOrder } = await buy("appraisal", { type: "enterprise", price: "499.99" });
    const other = await signInStaff(t);

    await staff.agent.post(path(workOrder.id, "/assign")).send({ assigneeId: owner.user.id }).expect(422);
    const assigned = await staff.agent
      .post(path(workOrder.id, "/assign"))
      .send({ assigneeId: other.user.id })
      .expect(200);
    expect(assigned.body.workOrder.assignee).toEqual({ id: other.user.id, name: other.user.name });
    const noted = await staff.agent
      .post(path(workOrder.id, "/notes"))
      .send({ body: "Comparable sales pulled" })
      .expect(201);
    expect(noted.body.notes).toMatchObject([{ body: "Comparable sales pulled", author: staff.user.name }]);

    // Delivery needs a deliverable, and the work must have started.
    await staff.agent.post(path(workOrder.id, "/status")).send({ status: "delivered" }).expect(409);
    const started = await staff.agent
      .post(path(workOrder.id, "/status"))
      .send({ status: "in_progress" })
      .expect(200);
    expect(started.body.workOrder.status).toBe("in_progress");
    await staff.agent.post(path(workOrder.id, "/status")).send({ status: "delivered" }).expect(409);

    await upload(workOrder.id, "appraisal.pdf", "application/pdf", PDF).expect(201);
    const withText = await staff.agent
      .post(path(workOrder.id, "/deliverables"))
      .send({ body: "Estimated value $4,000 to $5,500" })
      .expect(201);
    expect(withText.body.deliverables).toMatchObject([
      { fileName: "appraisal.pdf", contentType: "application/pdf", size: PDF.length },
      { body: "Estimated value $4,000 to $5,500", fileName: null },
    ]);

    // The buyer sees the status and due date, but not the drafts before delivery.
    const before = await owner.agent.get(pathTo(DOMAIN_PATHS.services, { id: domain.id })).expect(200);
    expect(before.body[0].workOrder).toMatchObject({ status: "in_progress", deliverables: [] });
    expect(before.body[0].workOrder.dueAt).toBe(workOrder.dueAt.toISOString());

    const delivered = await staff.agent
      .post(path(workOrder.id, "/status"))
      .send({ status: "delivered" })
      .expect(200);
    expect(delivered.body.workOrder.status).toBe("delivered");
    expect(delivered.body.workOrder.deliveredAt).not.toBeNull();
    await staff.agent.post(path(workOrder.id, "/status")).send({ status: "in_progress" }).expect(409);
    await staff.agent.post(path(workOrder.id, "/deliverables")).send({ body: "late" }).expect(409);

    const mails = await mailsTo(owner.input.email);
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toContain(`Work has started: ${workOrder.title}`);
    const delivery = mails.find((m) => m.subject === `Delivered: ${workOrder.title}`);
    expect(delivery?.body).toContain("- appraisal.pdf");
    expect(delivery?.body).toContain("- Estimated value $4,000 to $5,500");

    const actions = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.userId, staff.user.id));
    const done = actions
      .map((a) => a.detail as { action: string; object: { id: string } })
      .filter((d) => d?.object?.id === workOrder.id)
      .map((d) => d.action);
    expect(done).toEqual(
      expect.arrayContaining([
        "work_order.assigned",
        "work_order.noted",
        "work_order.in_progress",
        "work_order.deliverable_added",
        "work_order.delivered",
      ]),
    );
  });

  it("is cancelled with a full refund: the order is refunded, the buyer mailed, and a cancelled order stays cancelled", async () => {
    const { owner, orderId, workOrder } = await buy("premiumService", {
      serviceType: "seo_optimization",
      price: "149.99",
    });
    const cancelled = await staff.agent
      .post(path(workOrder.id, "/status"))
      .send({ status: "cancelled", reason: "No capacity this month" })
      .expect(200);
    expect(cancelled.body.workOrder.status).toBe("cancelled");
    expect(cancelled.body.order.status).toBe("refunded");
    const mail = (await mailsTo(owner.input.email)).find(
      (m) => m.subject === `Cancelled: ${workOrder.title}`,
    );
    expect(mail?.body).toContain("Reason: No capacity this month");
    await staff.agent.post(path(workOrder.id, "/status")).send({ status: "cancelled" }).expect(409);
    const [order] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, orderId));
    expect(order.refundedAt).not.toBeNull();
  });
});

describe("deliverable files", () => {
  it("refuses a file too large, of another type, misnamed or empty, and saves nothing", async () => {
    const { workOrder } = await buy("appraisal", { type: "enterprise", price: "499.99" });
    const refused = [
      [
        await upload(
          workOrder.id,
          "big.pdf",
          "application/pdf",
          Buffer.concat([PDF, Buffer.alloc(MAX_DELIVERABLE_BYTES)]),
        ),
        413,
      ],
      [await upload(workOrder.id, "tool.exe", "application/octet-stream", Buffer.from("MZ\x90\x00")), 415],
      [await upload(workOrder.id, "fake.pdf", "application/pdf", Buffer.from("MZ not a pdf")), 415],
      [await upload(workOrder.id, "report.pdf", "image/png", PDF), 415],
      [await upload(workOrder.id, "photo.png", "image/png", PDF), 415],
      [await upload(workOrder.id, "notes.txt", "text/plain", Buffer.from([0x66, 0x00, 0xff])), 415],
      [await upload(workOrder.id, "empty.pdf", "application/pdf", Buffer.alloc(0)), 422],
      [await upload(workOrder.id, "a/b.pdf", "application/pdf", PDF), 400],
    ] as const;
    for (const [res, status] of refused) {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toBeTruthy();
    }
    expect(
      (await staff.agent.post(path(workOrder.id, "/deliverables")).send({ body: "x".repeat(20_001) })).status,
    ).toBe(400);
    expect(await deliverablesOf(workOrder.id)).toEqual([]);
    await upload(workOrder.id, "figures.csv", "text/csv", Buffer.from("month,value\n2026-01,10\n")).expect(
      201,
    );
  });
});

describe("the buyer's delivery", () => {
  it("the buyer downloads a delivered file as an attachment of its type; another user, and an undelivered file, get 404", async () => {
    const { owner, domain, workOrder } = await buy("appraisal", { type: "enterprise", price: "499.99" });
    await staff.agent.post(path(workOrder.id, "/status")).send({ status: "in_progress" }).expect(200);
    const added = await upload(workOrder.id, "Report – example.pdf", "application/pdf", PDF).expect(201);
    const fileId: string = added.body.deliverables[0].id;
    const download = pathTo(WORK_ORDER_PATHS.deliverableFile, { id: domain.id, deliverableId: fileId });
    expect((await owner.agent.get(download)).status).toBe(404);

    await staff.agent.post(path(workOrder.id, "/status")).send({ status: "delivered" }).expect(200);
    const file = await owner.agent.get(download).buffer(true).expect(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename=/);
    expect(file.headers["content-disposition"]).toContain(
      "filename*=UTF-8''Report%20%E2%80%93%20example.pdf",
    );
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);

    const services = await owner.agent.get(pathTo(DOMAIN_PATHS.services, { id: domain.id })).expect(200);
    expect(services.body[0].workOrder).toMatchObject({
      status: "delivered",
      deliverables: [{ id: fileId, fileName: "Report – example.pdf", size: PDF.length }],
    });

    const stranger = await signUp(t.app);
    expect((await stranger.agent.get(download)).status).toBe(404);
    const strangerDomain = await insertDomain(t.db, stranger.user.id);
    expect(
      (
        await stranger.agent.get(
          pathTo(WORK_ORDER_PATHS.deliverableFile, { id: strangerDomain.id, deliverableId: fileId }),
        )
      ).status,
    ).toBe(404);
    expect((await request(t.app).get(download)).status).toBe(401);
  });
});

describe("the console's work orders", () => {
  it("answer 404 to signed-out visitors and to owners who are not staff, and change nothing", async () => {
    const { owner, workOrder } = await buy("appraisal", { type: "enterprise", price: "499.99" });
    const routes = [
      ["get", ADMIN_WORK_ORDERS_PATHS.list, {}],
      ["get", path(workOrder.id), {}],
      ["post", path(workOrder.id, "/status"), { status: "in_progress" }],
      ["post", path(workOrder.id, "/assign"), { assigneeId: owner.user.id }],
      ["post", path(workOrder.id, "/notes"), { body: "hi" }],
      ["post", path(workOrder.id, "/deliverables"), { body: "hi" }],
      ["post", `${path(workOrder.id, "/deliverables/file")}?name=a.txt`, "text"],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await request(t.app)[method](url).send(body)).status, url).toBe(404);
      expect((await owner.agent[method](url).send(body)).status, url).toBe(404);
    }
    const [unchanged] = await t.db.select().from(workOrders).where(eq(workOrders.id, workOrder.id));
    expect(unchanged).toMatchObject({ status: "queued", assigneeId: null });
    expect(await deliverablesOf(workOrder.id)).toEqual([]);
  });
});
