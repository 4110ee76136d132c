import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { issueMonthlyInvoices } from "../../server/modules/lead-sales/issue-invoice";
import { returnLead } from "../../server/modules/lead-sales/return-lead";
import { releaseHeldFunds } from "../../server/modules/ledger/held-funds";
import type { TIssuedLeadInvoice } from "../../shared/api/lead-sales";
import { ADMIN_LEAD_BUYERS_PATHS, LEAD_INVOICE_PATHS } from "../../shared/api/lead-sales";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { pathTo } from "../../shared/path-to";
import { insertDomain } from "../factories/domains";
import { retireLeadBuyers } from "../factories/lead-buyers";
import { VISITOR_PROXY_ENV, visitorLead } from "../factories/leads";
import { signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import { postStripeWebhook, signedStripeEvent, stripeSignature } from "../factories/webhooks";
import { startFakeStripe } from "../setup/fake-stripe";
import { type BuyerServer, startBuyer } from "../setup/lead-buyer-server";
import { createTestApp, type TestApp } from "../setup/test-app";

const WEBHOOK_SECRET = "whsec_lead_invoices";
const DAY_MS = 86_400_000;
const PUBLIC_URL = "https://parkpilot.test";

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let staff: Awaited<ReturnType<typeof signInStaff>>;
const servers: BuyerServer[] = [];
beforeAll(async () => {
  fake = await startFakeStripe();
  // Stripe runs against the local fake through the real SDK; PayPal has no keys, so it is the sandbox.
  t = await createTestApp({
    env: {
      ...VISITOR_PROXY_ENV,
      LEAD_OWNER_SHARE_PERCENT: "70",
      LEAD_POST_TIMEOUT_MS: "3000",
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      PUBLIC_URL,
    },
  });
  staff = await signInStaff(t);
});
afterEach(() => retireLeadBuyers(t));
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await t.close();
  await fake.close();
});

let buyerCount = 0;
/** A buyer bidding `bid` for every lead, added by staff with a billing email. */
async function biddingBuyer(bid = "50.00") {
  const server = await startBuyer({ ping: () => ({ json: { bid } }) });
  servers.push(server);
  buyerCount++;
  const res = await staff.agent.post(ADMIN_LEAD_BUYERS_PATHS.list).send({
    name: `Invoiced buyer ${buyerCount}`,
    pingUrl: server.pingUrl,
    postUrl: server.postUrl,
    secret: server.secret,
    priceModel: "bid",
    billingEmail: `billing${buyerCount}@insurer.test`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as string, email: `billing${buyerCount}@insurer.test` };
}

async function ownerWithDomain() {
  const owner = await signUp(t.app);
  const domain = await insertDomain(t.db, owner.user.id, { status: "parked" });
  return { ...owner, domain };
}

/** A lead sold on `domain`, as if sold on the 15th of `month`. */
async function leadSoldIn(domain: string, month: string): Promise<string> {
  const res = await visitorLead(t.app, domain);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  await t.db.execute(
    sql`update leads set sold_at = ${`${month}-15T12:00:00Z`}::timestamptz where id = ${id}`,
  );
  return id;
}

async function balanceOf(agent: request.Agent) {
  const res = await agent.get(PAYMENT_PATHS.balance).expect(200);
  return res.body as { availableBalance: string; pendingBalance: string; awaitingBuyerPayment: string };
}

const issue = (buyerId: string, month: string) =>
  staff.agent.post(pathTo(ADMIN_LEAD_BUYERS_PATHS.invoices, { id: buyerId })).send({ month });

const tokenOf = (invoice: TIssuedLeadInvoice) => invoice.payUrl.split("/pay/invoice/")[1];

async function invoiceRow(id: string) {
  const { rows } = await t.db.execute<{
    status: string;
    provider: string | null;
    provider_payment_id: string | null;
  }>(sql`select status, provider, provider_payment_id from lead_invoices where id = ${id}`);
  return rows[0];
}

/** Pays an invoice on the sandbox's test page (PayPal has no keys here), as the payer's browser would. */
async function payInSandbox(token: string) {
  const checkout = await request(t.app)
    .post(pathTo(LEAD_INVOICE_PATHS.checkout, { token }))
    .send({ provider: "paypal" });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  expect(checkout.body.checkoutUrl).toBe(`${pathTo(LEAD_INVOICE_PATHS.sandbox, { token })}?provider=paypal`);
  const page = await request(t.app).get(checkout.body.checkoutUrl).expect(200);
  expect(page.text).toContain("Test mode, no money moves");
  expect(page.text).toContain(`action="/api/lead-invoices/${token}/sandbox/pay?provider=paypal"`);
  return request(t.app).post(`${pathTo(LEAD_INVOICE_PATHS.sandboxPay, { token })}?provider=paypal`);
}

describe("issuing a buyer's monthly invoice", () => {
  it("staff issue a closed month once: its kept leads at their prices, mailed with the pay link", async () => {
    const buyer = await biddingBuyer("50.00");
    const { domain } = await ownerWithDomain();
    const kept = await leadSoldIn(domain.name, "2025-01");
    const alsoKept = await leadSoldIn(domain.name, "2025-01");
    const returned = await leadSoldIn(domain.name, "2025-01");
    await leadSoldIn(domain.name, "2025-02");
    await returnLead({ db: t.db, leadId: returned, reason: "duplicate" });

    const thisMonth = new Date().toISOString().slice(0, 7);
    expect((await issue(buyer.id, thisMonth)).status).toBe(422);
    expect((await issue(buyer.id, "2025-13")).status).toBe(400);

    const first = await issue(buyer.id, "2025-01");
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const invoice = first.body as TIssuedLeadInvoice;
    expect(invoice).toMatchObject({
      month: "2025-01",
      status: "open",
      total: "100.00",
      charged: 2,
      credited: 0,
    });
    expect(invoice.number).toMatch(/^LI-\d{6}$/);
    expect(invoice.payUrl).toMatch(new RegExp(`^${PUBLIC_URL}/pay/invoice/[\\w-]{43}$`));

    const again = await issue(buyer.id, "2025-01");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: invoice.id, total: "100.00" });
    const { rows: lines } = await t.db.execute<{ lead_id: string }>(
      sql`select lead_id from lead_invoice_lines where invoice_id = ${invoice.id} order by lead_id`,
    );
    expect(lines.map((l) => l.lead_id)).toEqual([kept, alsoKept].sort());

    // The token is never stored, only its hash.
    const { rows: stored } = await t.db.execute<{ token_hash: string }>(
      sql`select token_hash from lead_invoices where id = ${invoice.id}`,
    );
    expect(stored[0].token_hash).not.toContain(tokenOf(invoice));

    const { rows: mail } = await t.db.execute<{ subject: string; body: string }>(
      sql`select subject, body from mail_outbox where "to" = ${buyer.email}`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`Invoice ${invoice.number}: $100.00 for leads bought in 2025-01`);
    expect(mail[0].body).toContain(invoice.payUrl);

    const months = await staff.agent
      .get(pathTo(ADMIN_LEAD_BUYERS_PATHS.invoices, { id: buyer.id }))
      .expect(200);
    const january = months.body.find((m: { month: string }) => m.month === "2025-01");
    expect(january).toMatchObject({ sold: 3, returned: 1, total: "100.00", invoice: { id: invoice.id } });
    expect(months.body.find((m: { month: string }) => m.month === "2025-02").invoice).toBeNull();
  });

  it("the monthly job invoices every buyer for the month before, once", async () => {
    const one = await biddingBuyer("40.00");
    const { domain } = await ownerWithDomain();
    await leadSoldIn(domain.name, "2031-03");
    await t.db.execute(sql`update lead_buyers set active = false where id = ${one.id}`);
    const two = await biddingBuyer("30.00");
    await leadSoldIn(domain.name, "2031-03");
    await leadSoldIn(domain.name, "2031-04");

    const now = new Date("2031-04-01T06:00:00Z");
    expect(await issueMonthlyInvoices(t.deps.leadSales, { now })).toEqual({ month: "2031-03", issued: 2 });
    expect(await issueMonthlyInvoices(t.deps.leadSales, { now })).toEqual({ month: "2031-03", issued: 0 });
    const { rows } = await t.db.execute<{ buyer_id: string; total: string }>(
      sql`select buyer_id, total::text as total from lead_invoices where month = '2031-03' order by total`,
    );
    expect(rows).toEqual([
      { buyer_id: two.id, total: "30.00" },
      { buyer_id: one.id, total: "40.00" },
    ]);
  });

  it("refuses what is not staff's or not a buyer's, and a month with nothing to charge", async () => {
    const buyer = await biddingBuyer();
    const owner = await signUp(t.app);
    // The console hides itself from non-staff.
    const outsider = await owner.agent
      .post(pathTo(ADMIN_LEAD_BUYERS_PATHS.invoices, { id: buyer.id }))
      .send({ month: "2025-01" });
    expect(outsider.status).toBe(404);
    expect(
      (await t.db.execute(sql`select 1 from lead_invoices where buyer_id = ${buyer.id}`)).rows,
    ).toHaveLength(0);
    expect((await issue("00000000-0000-4000-8000-000000000000", "2025-01")).status).toBe(404);
    const empty = await issue(buyer.id, "2024-06");
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe("The buyer kept no lead in 2024-06 to invoice");
  });
});

describe("the public invoice page", () => {
  it("shows the invoice's own lines by its token; a wrong token is 404 and no other buyer's leads show", async () => {
    const a = await biddingBuyer("20.00");
    const { domain } = await ownerWithDomain();
    const aLead = await leadSoldIn(domain.name, "2025-03");
    const b = await biddingBuyer("25.00");
    const bLead = await leadSoldIn(domain.name, "2025-03");
    const invoiceA = (await issue(a.id, "2025-03")).body as TIssuedLeadInvoice;
    const invoiceB = (await issue(b.id, "2025-03")).body as TIssuedLeadInvoice;

    const res = await request(t.app)
      .get(pathTo(LEAD_INVOICE_PATHS.one, { token: tokenOf(invoiceA) }))
      .expect(200);
    expect(res.body).toMatchObject({
      number: invoiceA.number,
      buyerName: expect.stringMatching(/^Invoiced buyer/),
      month: "2025-03",
      status: "open",
      total: "20.00",
      paidAt: null,
    });
    expect(res.body.lines).toEqual([
      { leadId: aLead, kind: "charge", amount: "20.00", soldAt: "2025-03-15T12:00:00.000Z" },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(bLead);
    expect(JSON.stringify(res.body)).not.toContain("@example.com");

    expect((await request(t.app).get(`/api/lead-invoices/${tokenOf(invoiceB)}x`)).status).toBe(404);
    expect((await request(t.app).get(pathTo(LEAD_INVOICE_PATHS.one, { token: invoiceA.id }))).status).toBe(
      404,
    );
    expect(
      (await request(t.app).post(`/api/lead-invoices/nope/checkout`).send({ provider: "stripe" })).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post(pathTo(LEAD_INVOICE_PATHS.checkout, { token: tokenOf(invoiceA) }))
          .send({ provider: "cash" })
      ).status,
    ).toBe(400);
  });
});

describe("paying an invoice", () => {
  it("in the sandbox: the invoice is paid, and the owner's share is withdrawable only once paid and past its hold", async () => {
    const buyer = await biddingBuyer("50.00");
    const { agent, domain } = await ownerWithDomain();
    await leadSoldIn(domain.name, "2025-04");
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "35.00", awaitingBuyerPayment: "35.00" });

    // The hold ends, but the buyer has not paid: the share stays pending.
    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 15 * DAY_MS) });
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00", pendingBalance: "35.00" });

    const invoice = (await issue(buyer.id, "2025-04")).body as TIssuedLeadInvoice;
    const paid = await payInSandbox(tokenOf(invoice));
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/pay/invoice/${tokenOf(invoice)}?paid=1`);
    const row = await invoiceRow(invoice.id);
    expect(row).toMatchObject({ status: "paid", provider: "sandbox" });
    expect(row.provider_payment_id).toMatch(/^sandbox_/);
    const { rows: receipts } = await t.db.execute<{ body: string }>(
      sql`select body from mail_outbox where "to" = ${buyer.email} and subject = ${`Payment received: invoice ${invoice.number}`}`,
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0].body).toContain(row.provider_payment_id as string);
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "35.00", awaitingBuyerPayment: "0.00" });

    // Paid, but the hold has not ended yet at this moment: still pending.
    await releaseHeldFunds({ db: t.db });
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00", pendingBalance: "35.00" });
    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 15 * DAY_MS) });
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "35.00", pendingBalance: "0.00" });

    // Paid twice: the second changes nothing; the checkout is refused.
    await request(t.app)
      .post(`${pathTo(LEAD_INVOICE_PATHS.sandboxPay, { token: tokenOf(invoice) })}?provider=paypal`)
      .expect(303);
    expect((await invoiceRow(invoice.id)).provider_payment_id).toBe(row.provider_payment_id);
    const again = await request(t.app)
      .post(pathTo(LEAD_INVOICE_PATHS.checkout, { token: tokenOf(invoice) }))
      .send({ provider: "paypal" });
    expect(again.status).toBe(409);
    const months = await staff.agent
      .get(pathTo(ADMIN_LEAD_BUYERS_PATHS.invoices, { id: buyer.id }))
      .expect(200);
    expect(months.body.find((m: { month: string }) => m.month === "2025-04").invoice).toMatchObject({
      status: "paid",
      provider: "sandbox",
      providerPaymentId: row.provider_payment_id,
    });
    // Stripe has keys here: its sandbox page does not pay.
    expect(
      (
        await request(t.app).post(
          `${pathTo(LEAD_INVOICE_PATHS.sandboxPay, { token: tokenOf(invoice) })}?provider=stripe`,
        )
      ).status,
    ).toBe(404);
  });

  it("through Stripe Checkout (the real SDK): the signed webhook pays it, a replay changes nothing", async () => {
    const buyer = await biddingBuyer("45.50");
    const { agent, domain } = await ownerWithDomain();
    await leadSoldIn(domain.name, "2025-05");
    await leadSoldIn(domain.name, "2025-05");
    const invoice = (await issue(buyer.id, "2025-05")).body as TIssuedLeadInvoice;
    const token = tokenOf(invoice);

    const checkout = await request(t.app)
      .post(pathTo(LEAD_INVOICE_PATHS.checkout, { token }))
      .send({ provider: "stripe" });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const sent = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1);
    expect(sent?.form).toMatchObject({
      mode: "payment",
      client_reference_id: invoice.id,
      customer_email: buyer.email,
      "metadata[orderId]": invoice.id,
      "line_items[0][price_data][unit_amount]": "9100",
      cancel_url: `${PUBLIC_URL}/pay/invoice/${token}?cancelled=1`,
    });
    expect(sent?.form.success_url).toBe(
      `${PUBLIC_URL}/pay/invoice/${token}?paid=1&session_id={CHECKOUT_SESSION_ID}`,
    );

    const event = (id: string, intent: string, cents = 9100) =>
      JSON.stringify({
        id,
        object: "event",
        type: "checkout.session.completed",
        data: {
          object: {
            id: `cs_${id}`,
            object: "checkout.session",
            client_reference_id: invoice.id,
            metadata: { orderId: invoice.id },
            payment_status: "paid",
            currency: "usd",
            amount_total: cents,
            payment_intent: intent,
          },
        },
      });
    const short = event("evt_short", "pi_short", 9000);
    await postStripeWebhook(t.app, short, stripeSignature(short, WEBHOOK_SECRET)).expect(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "open" });

    const paid = event("evt_invoice_paid", "pi_invoice_1");
    await postStripeWebhook(t.app, paid, stripeSignature(paid, WEBHOOK_SECRET)).expect(200);
    expect(await invoiceRow(invoice.id)).toEqual({
      status: "paid",
      provider: "stripe",
      provider_payment_id: "pi_invoice_1",
    });
    await postStripeWebhook(t.app, paid, stripeSignature(paid, WEBHOOK_SECRET)).expect(200);
    const other = event("evt_other", "pi_invoice_2");
    await postStripeWebhook(t.app, other, stripeSignature(other, WEBHOOK_SECRET)).expect(200);
    expect((await invoiceRow(invoice.id)).provider_payment_id).toBe("pi_invoice_1");

    await releaseHeldFunds({ db: t.db, now: new Date(Date.now() + 15 * DAY_MS) });
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "63.70", pendingBalance: "0.00" });

    // The buyer disputes the payment: the platform no longer holds it, so the shares go back.
    const dispute = await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.dispute.created", {
      id: "dp_invoice",
      object: "dispute",
      payment_intent: "pi_invoice_1",
      charge: "ch_invoice",
      amount: 9100,
    });
    expect(dispute.status).toBe(200);
    expect((await invoiceRow(invoice.id)).status).toBe("refunded");
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00", pendingBalance: "0.00" });
    const again = await signedStripeEvent(t.app, WEBHOOK_SECRET, "charge.refunded", {
      id: "ch_invoice",
      object: "charge",
      payment_intent: "pi_invoice_1",
    });
    expect(again.status).toBe(200);
    expect(await balanceOf(agent)).toMatchObject({ availableBalance: "0.00" });
    const pay = await request(t.app)
      .post(pathTo(LEAD_INVOICE_PATHS.checkout, { token }))
      .send({ provider: "stripe" });
    expect(pay.status).toBe(409);
  });
});

describe("returns and voids after issuing", () => {
  it("a lead returned after its invoice is credited on the buyer's next invoice once that one is paid, once", async () => {
    const buyer = await biddingBuyer("50.00");
    const { agent, domain, user } = await ownerWithDomain();
    // A domain takes a few leads an hour: the later months come on other domains of the owner.
    const second = await insertDomain(t.db, user.id, { status: "parked" });
    const third = await insertDomain(t.db, user.id, { status: "parked" });
    const returned = await leadSoldIn(domain.name, "2025-06");
    await leadSoldIn(domain.name, "2025-06");
    const june = (await issue(buyer.id, "2025-06")).body as TIssuedLeadInvoice;
    expect(june.total).toBe("100.00");

    await returnLead({ db: t.db, leadId: returned, reason: "consumer denies" });
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "35.00", awaitingBuyerPayment: "35.00" });
    // The June invoice stands as issued.
    expect((await invoiceRow(june.id)).status).toBe("open");

    // June is not paid: no credit comes of it, so July is neither lowered nor settled by it.
    await leadSoldIn(second.name, "2025-07");
    await leadSoldIn(second.name, "2025-07");
    const july = (await issue(buyer.id, "2025-07")).body as TIssuedLeadInvoice;
    expect(july).toMatchObject({ total: "100.00", charged: 2, credited: 0 });
    expect((await invoiceRow(july.id)).status).toBe("open");

    await payInSandbox(tokenOf(june));
    await leadSoldIn(third.name, "2025-08");
    await leadSoldIn(third.name, "2025-08");
    const august = (await issue(buyer.id, "2025-08")).body as TIssuedLeadInvoice;
    expect(august).toMatchObject({ total: "50.00", charged: 2, credited: 1 });
    const page = await request(t.app)
      .get(pathTo(LEAD_INVOICE_PATHS.one, { token: tokenOf(august) }))
      .expect(200);
    expect(page.body.lines).toContainEqual(
      expect.objectContaining({ leadId: returned, kind: "credit", amount: "-50.00" }),
    );

    await leadSoldIn(second.name, "2025-09");
    const september = (await issue(buyer.id, "2025-09")).body as TIssuedLeadInvoice;
    expect(september).toMatchObject({ total: "50.00", credited: 0 });
  });

  it("staff void an open invoice: its leads' shares are reversed; a paid invoice cannot be voided", async () => {
    const buyer = await biddingBuyer("50.00");
    const { agent, domain } = await ownerWithDomain();
    await leadSoldIn(domain.name, "2025-09");
    await leadSoldIn(domain.name, "2025-10");
    const september = (await issue(buyer.id, "2025-09")).body as TIssuedLeadInvoice;
    const october = (await issue(buyer.id, "2025-10")).body as TIssuedLeadInvoice;
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "70.00" });

    const voided = await staff.agent.post(
      pathTo(ADMIN_LEAD_BUYERS_PATHS.voidInvoice, { id: buyer.id, invoiceId: september.id }),
    );
    expect(voided.status).toBe(200);
    expect((await invoiceRow(september.id)).status).toBe("void");
    expect(await balanceOf(agent)).toMatchObject({ pendingBalance: "35.00", awaitingBuyerPayment: "35.00" });
    const pay = await request(t.app)
      .post(pathTo(LEAD_INVOICE_PATHS.checkout, { token: tokenOf(september) }))
      .send({ provider: "paypal" });
    expect(pay.status).toBe(409);

    await payInSandbox(tokenOf(october));
    const refused = await staff.agent.post(
      pathTo(ADMIN_LEAD_BUYERS_PATHS.voidInvoice, { id: buyer.id, invoiceId: october.id }),
    );
    expect(refused.status).toBe(409);
    expect((await invoiceRow(october.id)).status).toBe("paid");
  });
});
