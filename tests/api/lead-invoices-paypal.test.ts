import { sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TIssuedLeadInvoice } from "../../shared/api/lead-sales";
import { ADMIN_LEAD_BUYERS_PATHS, LEAD_INVOICE_PATHS } from "../../shared/api/lead-sales";
import { pathTo } from "../../shared/path-to";
import { addBiddingBuyer, leadOnNewParkedDomain } from "../factories/lead-buyers";
import { VISITOR_PROXY_ENV } from "../factories/leads";
import { signInStaff } from "../factories/staff";
import { startFakePayPal } from "../setup/fake-paypal";
import { type BuyerServer, startBuyer } from "../setup/lead-buyer-server";
import { createTestApp, type TestApp } from "../setup/test-app";

const PUBLIC_URL = "https://parkpilot.test";

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakePayPal>>;
let buyerServer: BuyerServer;
beforeAll(async () => {
  fake = await startFakePayPal();
  buyerServer = await startBuyer({ ping: () => ({ json: { bid: "60.00" } }) });
  t = await createTestApp({
    env: { ...fake.env, ...VISITOR_PROXY_ENV, LEAD_POST_TIMEOUT_MS: "3000", PUBLIC_URL },
  });
});
afterEach(() => t.deps.leadSales.circuits.shutdown());
afterAll(async () => {
  await t.close();
  await fake.close();
  await buyerServer.close();
});

describe("paying a lead invoice with PayPal (Orders v2)", () => {
  it("opens a PayPal order for the invoice's total; the return captures it and pays the invoice once", async () => {
    const staff = await signInStaff(t);
    const created = await addBiddingBuyer(staff, buyerServer, { name: "PayPal-paying buyer" });
    expect(created.status).toBe(201);
    const lead = await leadOnNewParkedDomain(t);
    expect(lead.status).toBe(201);
    await t.db.execute(sql`update leads set sold_at = '2025-11-20T09:00:00Z' where id = ${lead.body.id}`);
    const issued = await staff.agent
      .post(pathTo(ADMIN_LEAD_BUYERS_PATHS.invoices, { id: created.body.id }))
      .send({ month: "2025-11" });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const invoice = issued.body as TIssuedLeadInvoice;
    const token = invoice.payUrl.split("/pay/invoice/")[1];

    const checkout = await request(t.app)
      .post(pathTo(LEAD_INVOICE_PATHS.checkout, { token }))
      .send({ provider: "paypal" });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const paypalOrder = new URL(checkout.body.checkoutUrl).searchParams.get("token");
    const sent = fake.requests.filter((r) => r.path === "/v2/checkout/orders").at(-1);
    expect(sent?.body).toMatchObject({
      purchase_units: [{ custom_id: invoice.id, amount: { currency_code: "USD", value: "60.00" } }],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: `${PUBLIC_URL}/api/lead-invoices/${token}/paypal-return`,
            cancel_url: `${PUBLIC_URL}/pay/invoice/${token}?cancelled=1`,
          },
        },
      },
    });

    const back = await request(t.app).get(
      `${pathTo(LEAD_INVOICE_PATHS.paypalReturn, { token })}?token=${paypalOrder}`,
    );
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(`/pay/invoice/${token}?paid=1`);
    const replay = await request(t.app).get(
      `${pathTo(LEAD_INVOICE_PATHS.paypalReturn, { token })}?token=${paypalOrder}`,
    );
    expect(replay.headers.location).toBe(`/pay/invoice/${token}?paid=1`);
    const { rows } = await t.db.execute<{ status: string; provider: string; provider_payment_id: string }>(
      sql`select status, provider, provider_payment_id from lead_invoices where id = ${invoice.id}`,
    );
    expect(rows[0]).toMatchObject({ status: "paid", provider: "paypal" });
    expect(rows[0].provider_payment_id).toMatch(/^CAP/);
    const page = await request(t.app).get(pathTo(LEAD_INVOICE_PATHS.one, { token })).expect(200);
    expect(page.body.status).toBe("paid");
  });

  it("a capture in another currency is no payment of the invoice, even with its id as custom_id", async () => {
    const staff = await signInStaff(t);
    const lead = await leadOnNewParkedDomain(t);
    const { rows: sold } = await t.db.execute<{ buyer_id: string }>(
      sql`update leads set sold_at = '2025-10-20T09:00:00Z' where id = ${lead.body.id} returning buyer_id`,
    );
    const invoice = (
      await staff.agent
        .post(pathTo(ADMIN_LEAD_BUYERS_PATHS.invoices, { id: sold[0].buyer_id }))
        .send({ month: "2025-10" })
    ).body as TIssuedLeadInvoice;
    const token = invoice.payUrl.split("/pay/invoice/")[1];
    // An order on the merchant account made outside the server (the public client id can make one).
    const made = await fetch(`${fake.env.PAYPAL_API_BASE}/v2/checkout/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer fake-access-token" },
      body: JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [{ custom_id: invoice.id, amount: { currency_code: "JPY", value: "60.00" } }],
      }),
    });
    const order = (await made.json()) as { id: string };

    const back = await request(t.app).get(
      `${pathTo(LEAD_INVOICE_PATHS.paypalReturn, { token })}?token=${order.id}`,
    );

    expect(back.headers.location).toBe(`/pay/invoice/${token}?cancelled=1`);
    const { rows } = await t.db.execute<{ status: string }>(
      sql`select status from lead_invoices where id = ${invoice.id}`,
    );
    expect(rows[0].status).toBe("open");
  });
});
