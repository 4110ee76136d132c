import { and, eq } from "drizzle-orm";
import request, { type Agent } from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepSubscriptions } from "../../server/modules/billing/sweep-subscriptions";
import { loadServedSite } from "../../server/modules/parked-pages/served-page";
import { paidContext } from "../../server/order-effects/order-effects";
import { recordPayment } from "../../server/payments/record-payment";
import { ADMIN_SALES_PATHS } from "../../shared/api/admin/sales";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import type { TDomain } from "../../shared/api/domains";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { EXPERIMENT_PATHS } from "../../shared/api/experiments";
import type { TLeaseQuote, TMarketplaceTransaction } from "../../shared/api/marketplace/deals";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { LEASED_DOMAINS_PATH, PAGE_PATHS } from "../../shared/api/parked-pages";
import { OFFERS } from "../../shared/catalog";
import { leaseScheduleCents, sellerProceedsCents } from "../../shared/marketplace-deals";
import { centsToDecimal } from "../../shared/money";
import { pathTo } from "../../shared/path-to";
import {
  domains,
  ledgerEntries,
  marketplaceTransactions,
  serviceOrders,
  subscriptions,
} from "../../shared/schema";
import { recordLeaseRenewal, runSaleClock, sellerAndBuyer } from "../factories/deals";
import { buyMarketingTools } from "../factories/marketing-tools";
import { heldOf } from "../factories/payments";
import { signInStaff } from "../factories/staff";
import { signUp } from "../factories/users";
import type { DnsServer } from "../setup/dns-server";
import { createTestAppWithDns, type TestApp } from "../setup/test-app";

const DAY = 86_400_000;
const HOLD = paidContext(30);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";
let dns: DnsServer;
let t: TestApp;
beforeAll(async () => {
  ({ t, dns } = await createTestAppWithDns());
});
afterAll(() => t.close());

const runBilling = (now: Date) =>
  sweepSubscriptions({ db: t.db, mailer: t.deps.mailer, paid: HOLD, appUrl: "http://app.test", now });
const sale = async (agent: Agent, id: string) => {
  const res = await agent.get(pathTo(marketplaceDealPaths.transaction, { id }));
  expect(res.status).toBe(200);
  return res.body as TMarketplaceTransaction;
};
const visit = (host: string) =>
  request(t.app).get("/").set({ Host: host, Accept: "text/html", "User-Agent": BROWSER });
const subscriptionOf = async (id: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

/** A listing at `price` whose seller bought Financing for a 12-month term (paid in the sandbox). */
async function financedListing(price: string) {
  const deal = await sellerAndBuyer(t.app, t.db, price);
  const bought = await deal.seller.agent
    .post(OFFERS.financing.path)
    .send({ domainId: deal.domain.id, terms: "12", setupFee: "299.99" });
  expect(bought.status).toBe(201);
  expect(
    (await deal.seller.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: bought.body.orderId }))).status,
  ).toBe(303);
  return deal;
}
const openLease = (agent: Agent, domainId: string, months: number) =>
  agent.post(marketplaceDealPaths.transactions).send({ domainId, kind: "lease", months });

describe("the lease quote", () => {
  it("shows the 12-month schedule at 5% APR before paying, and refuses terms the seller does not offer", async () => {
    const { buyer, domain } = await financedListing("1200.00");
    const quote = await buyer.agent.get(
      `${pathTo(marketplaceDealPaths.leaseQuote, { id: domain.id })}?months=12`,
    );
    expect(quote.status).toBe(200);
    const schedule = leaseScheduleCents(120_000, 5, 12);
    expect(quote.body as TLeaseQuote).toEqual({
      months: 12,
      aprPercent: 5,
      price: "1200.00",
      monthly: centsToDecimal(schedule[0]),
      last: centsToDecimal(schedule[11]),
      total: centsToDecimal(schedule.reduce((a, b) => a + b, 0)),
      interest: centsToDecimal(schedule.reduce((a, b) => a + b, 0) - 120_000),
    });
    expect(quote.body.monthly).toBe("102.73");
    const other = await buyer.agent.get(
      `${pathTo(marketplaceDealPaths.leaseQuote, { id: domain.id })}?months=24`,
    );
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/12 months only/);
    expect(
      (await buyer.agent.get(`${pathTo(marketplaceDealPaths.leaseQuote, { id: domain.id })}?months=13`))
        .status,
    ).toBe(400);
    expect((await openLease(buyer.agent, domain.id, 24)).status).toBe(409);
    // A term no seller can offer is named as the problem, at its field.
    const seven = await openLease(buyer.agent, domain.id, 7);
    expect(seven.status).toBe(400);
    expect(seven.body.message).toBe("Invalid input: Choose a term of 12, 24, 36 or 48 months");
    expect(seven.body.issues).toEqual([
      { path: ["months"], message: "Choose a term of 12, 24, 36 or 48 months" },
    ]);
  });

  it("a listing without Financing cannot be leased", async () => {
    const { buyer, domain } = await sellerAndBuyer(t.app, t.db, "1200.00");
    const refused = await openLease(buyer.agent, domain.id, 12);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/does not offer lease-to-own/);
  });
});

describe("a lease paid by card, end to end", () => {
  it("takes 12 instalments through the billing subscription, credits the seller each one less 15%, lets the lessee redirect the domain, then transfers it by TXT proof into the buyer's portfolio", async () => {
    const { seller, buyer, domain } = await financedListing("1200.00");
    const schedule = leaseScheduleCents(120_000, 5, 12);
    const opened = await openLease(buyer.agent, domain.id, 12);
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ status: "awaiting_payment", amount: "1200.00" });
    const [first] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.id, opened.body.orderId));
    expect(first).toMatchObject({ price: "102.73", offerId: "marketplaceLease", status: "pending" });
    // The checkout states it as a monthly payment.
    const checkout = await buyer.agent.get(pathTo(CHECKOUT_PATHS.serviceOrder, { id: opened.body.orderId }));
    expect(checkout.body.billing).toBe("monthly");

    // Instalment 1, paid by card as the verified Stripe webhook records it.
    expect(
      await recordPayment(
        t.db,
        t.deps.mailer,
        t.deps.logger,
        {
          orderId: first.id,
          provider: "stripe",
          providerPaymentId: `pi_lease_${first.id}`,
          amountPaid: "102.73",
        },
        HOLD,
      ),
    ).toBe("fulfilled");
    let view = await sale(buyer.agent, opened.body.id);
    expect(view).toMatchObject({
      kind: "lease",
      status: "leasing",
      lease: { months: 12, aprPercent: 5, monthly: "102.73", instalmentsPaid: 1, paidSoFar: "102.73" },
    });
    expect(Date.parse(view.lease?.nextInstalmentAt ?? "") - Date.now()).toBeGreaterThan(29 * DAY);
    // The TXT record matters only once the lease is paid off.
    expect(view.transfer).toBeNull();
    // One lease at a time: nobody else can buy the domain while it runs.
    const other = await signUp(t.app);
    expect(
      (await other.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id })).status,
    ).toBe(409);

    // The lessee controls what the domain serves: a redirect (http(s) only), not the seller.
    const redirect = (agent: Agent, url: unknown) =>
      agent.put(pathTo(marketplaceDealPaths.leaseRedirect, { id: opened.body.id })).send({ url });
    expect((await redirect(buyer.agent, "javascript:alert(1)")).status).toBe(400);
    expect((await redirect(seller.agent, "https://seller.example")).status).toBe(403);
    const set = await redirect(buyer.agent, "https://lessee.example/landing");
    expect(set.status).toBe(200);
    expect(set.body.lease.redirectUrl).toBe("https://lessee.example/landing");
    expect((await sale(seller.agent, opened.body.id)).lease?.redirectUrl).toBeNull();
    const served = await visit(domain.name);
    expect(served.status).toBe(302);
    expect(served.headers.location).toBe("https://lessee.example/landing");

    // Instalments 2 to 12, as Stripe's renewal invoices are recorded.
    for (let n = 2; n <= 12; n += 1) {
      const sub = await subscriptionOf(await leaseSubscription(opened.body.id));
      expect(sub.amount).toBe(centsToDecimal(schedule[n - 1]));
      await recordLeaseRenewal(t, sub, `in_lease_${opened.body.id}_${n}`);
    }
    view = await sale(buyer.agent, opened.body.id);
    expect(view).toMatchObject({ status: "awaiting_transfer", lease: { instalmentsPaid: 12 } });
    const total = schedule.reduce((a, b) => a + b, 0);
    expect(view.lease?.paidSoFar).toBe(centsToDecimal(total));
    expect((await subscriptionOf(await leaseSubscription(opened.body.id))).status).toBe("canceled");
    const proceeds = schedule.reduce((sum, p) => sum + sellerProceedsCents(p, 15), 0);
    expect(await heldOf(t.db, seller.user.id)).toEqual({
      available: "0.00",
      pending: centsToDecimal(proceeds),
    });
    // The redirect ends with the lease (each instance reads it again within seconds): the domain
    // serves the seller's page until the transfer.
    const site = await loadServedSite(t.db, domain.name);
    expect(site?.page.blocks.some((b) => b.type === "redirect")).toBe(false);

    // The transfer as an escrow sale's: TXT proof on the DNS server, inspection, completion.
    dns.publishTxt(domain.name, view.transfer?.txtRecord.value ?? "");
    const proven = await buyer.agent.post(
      pathTo(marketplaceDealPaths.confirmTransfer, { id: opened.body.id }),
    );
    expect(proven.body.status).toBe("inspection");
    const accepted = await buyer.agent.post(
      pathTo(marketplaceDealPaths.acceptTransaction, { id: opened.body.id }),
    );
    expect(accepted.body.status).toBe("completed");
    const mine = (await buyer.agent.get(DOMAIN_PATHS.list)).body as TDomain[] | { data: TDomain[] };
    const bought = (Array.isArray(mine) ? mine : mine.data).find((d) => d.name === domain.name);
    expect(bought?.verification.status).toBe("verified");
    expect((await t.db.select().from(domains).where(eq(domains.id, domain.id)))[0].soldPrice).toBe("1200.00");
    // Completion credits nothing more: every instalment was credited as it was paid.
    expect(await heldOf(t.db, seller.user.id)).toEqual({
      available: "0.00",
      pending: centsToDecimal(proceeds),
    });
    const credits = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, seller.user.id), eq(ledgerEntries.kind, "sale")));
    expect(credits).toHaveLength(12);
  });
});

/** The billing subscription that takes a lease's instalments. */
async function leaseSubscription(id: string): Promise<string> {
  const [row] = await t.db
    .select({ subscriptionId: marketplaceTransactions.subscriptionId })
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.id, id));
  return row?.subscriptionId ?? "";
}

describe("a lease in the sandbox, its timeouts moved by the clocks", () => {
  it("renews through the billing run crediting nobody; an instalment unpaid 10 days past due ends the lease and control returns to the seller", async () => {
    const { seller, buyer, domain } = await financedListing("1200.00");
    const opened = await openLease(buyer.agent, domain.id, 12);
    expect(
      (await buyer.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: opened.body.orderId }))).status,
    ).toBe(303);
    await buyer.agent
      .put(pathTo(marketplaceDealPaths.leaseRedirect, { id: opened.body.id }))
      .send({ url: "https://lessee.example" });
    const start = Date.now();

    expect((await runBilling(new Date(start + 30 * DAY + 60_000))).renewals).toBe(1);
    const second = await sale(buyer.agent, opened.body.id);
    expect(second.lease?.instalmentsPaid).toBe(2);
    expect(await heldOf(t.db, seller.user.id)).toEqual({ available: "0.00", pending: "0.00" });

    // The third instalment is declined: past due, and the lease's 10 days of grace run.
    const subId = await leaseSubscription(opened.body.id);
    await t.db.update(subscriptions).set({ failRenewals: true }).where(eq(subscriptions.id, subId));
    const due = Date.parse(second.lease?.nextInstalmentAt ?? "");
    await runBilling(new Date(due + 60_000));
    expect((await subscriptionOf(subId)).status).toBe("past_due");
    expect((await runSaleClock(t, new Date(due + 9 * DAY))).leasesEnded).toBe(0);
    expect((await sale(buyer.agent, opened.body.id)).status).toBe("leasing");
    expect((await runSaleClock(t, new Date(due + 10 * DAY + 60_000))).leasesEnded).toBe(1);

    const ended = await sale(seller.agent, opened.body.id);
    expect(ended).toMatchObject({ status: "lease_ended", lease: { instalmentsPaid: 2 } });
    expect((await subscriptionOf(subId)).status).toBe("canceled");
    const open = await t.db
      .select()
      .from(serviceOrders)
      .where(and(eq(serviceOrders.userId, buyer.user.id), eq(serviceOrders.status, "pending")));
    expect(open.filter((o) => o.offerId === "marketplaceLease")).toEqual([]);
    // Control is the seller's again: the parked page, not the lessee's redirect; still theirs and listed.
    expect((await visit(domain.name)).status).toBe(200);
    const row = (await t.db.select().from(domains).where(eq(domains.id, domain.id)))[0];
    expect(row).toMatchObject({ userId: seller.user.id, soldAt: null, marketplacePrice: "1200.00" });
    const next = await signUp(t.app);
    expect(
      (await next.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id })).status,
    ).toBe(201);
  });

  it("hands the parked page and split tests to the lessee while it runs: the seller reads them, changes nothing, and gets its own back when the lease ends", async () => {
    const { seller, buyer, domain } = await financedListing("1200.00");
    const tools = ["landing-page-builder", "split-testing"];
    await buyMarketingTools(seller.agent, tools);
    await buyMarketingTools(buyer.agent, tools);
    const headline = (words: string) => ({
      template: "standard",
      blocks: [{ type: "headline", headline: words, text: "" }],
    });
    expect(
      (await seller.agent.put(pathTo(PAGE_PATHS.page, { id: domain.id })).send(headline("Seller words")))
        .status,
    ).toBe(200);
    const opened = await openLease(buyer.agent, domain.id, 12);
    expect(
      (await buyer.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: opened.body.orderId }))).status,
    ).toBe(303);

    // The attack: the seller sends the lessee's visitors to its own site, or tests its own pages.
    const hijack = {
      template: "standard",
      blocks: [{ type: "redirect", url: "https://seller.example/" }],
    };
    const put = await seller.agent.put(pathTo(PAGE_PATHS.page, { id: domain.id })).send(hijack);
    expect(put.status).toBe(409);
    expect(put.body.message).toContain("is leased");
    const test = (agent: Agent) =>
      agent.post(EXPERIMENT_PATHS.list).send({
        domainId: domain.id,
        goal: "lead",
        variants: [
          { name: "A", page: headline("A words"), weight: 1 },
          { name: "B", page: hijack, weight: 1 },
        ],
      });
    expect((await test(seller.agent)).status).toBe(409);
    expect(
      (await seller.agent.post(marketplacePaths.list).send({ domainId: domain.id, price: "9.00" })).status,
    ).toBe(409);
    // Until the lessee makes one, the domain serves the template's page: not the seller's.
    expect((await loadServedSite(t.db, domain.name))?.page.blocks).not.toContainEqual(
      expect.objectContaining({ headline: "Seller words" }),
    );

    // The lessee's page and test are what the domain serves; the seller reads them.
    expect(
      (await buyer.agent.put(pathTo(PAGE_PATHS.page, { id: domain.id })).send(headline("Lessee words")))
        .status,
    ).toBe(200);
    const lessees = await test(buyer.agent);
    expect(lessees.status).toBe(201);
    const served = await loadServedSite(t.db, domain.name);
    expect(served?.page.blocks[0]).toMatchObject({ headline: "Lessee words" });
    expect(served?.experiment?.id).toBe(lessees.body.id);
    expect(served?.listingPrice).toBeNull();
    const read = await seller.agent.get(pathTo(PAGE_PATHS.page, { id: domain.id }));
    expect(read.body).toMatchObject({ control: "leased-out", blocks: [{ headline: "Lessee words" }] });
    expect((await buyer.agent.get(pathTo(PAGE_PATHS.page, { id: domain.id }))).body.control).toBe("lessee");
    expect((await seller.agent.get(pathTo(EXPERIMENT_PATHS.one, { id: lessees.body.id }))).status).toBe(200);
    expect(
      (await seller.agent.post(pathTo(EXPERIMENT_PATHS.stop, { id: lessees.body.id })).send({})).status,
    ).toBe(404);
    expect((await buyer.agent.get(LEASED_DOMAINS_PATH)).body).toEqual([
      { domainId: domain.id, domainName: domain.name, transactionId: opened.body.id },
    ]);
    const stranger = await signUp(t.app);
    expect((await stranger.agent.get(pathTo(PAGE_PATHS.page, { id: domain.id }))).status).toBe(404);

    // The lease ends: the seller's page is served again, as it left it, and is the seller's to change.
    await t.db
      .update(marketplaceTransactions)
      .set({ status: "lease_ended" })
      .where(eq(marketplaceTransactions.id, opened.body.id));
    const back = await loadServedSite(t.db, domain.name);
    expect(back?.page.blocks[0]).toMatchObject({ headline: "Seller words" });
    expect(back?.experiment).toBeNull();
    expect(
      (await buyer.agent.put(pathTo(PAGE_PATHS.page, { id: domain.id })).send(headline("Mine still"))).status,
    ).toBe(404);
    expect(
      (await seller.agent.put(pathTo(PAGE_PATHS.page, { id: domain.id })).send(headline("Seller again")))
        .status,
    ).toBe(200);
  });

  it("a first instalment unpaid after 5 days cancels the lease, like an unpaid sale", async () => {
    const { buyer, domain } = await financedListing("1200.00");
    const opened = await openLease(buyer.agent, domain.id, 12);
    await runSaleClock(t, new Date(Date.now() + 5 * DAY + 60_000));
    expect((await sale(buyer.agent, opened.body.id)).status).toBe("cancelled");
    expect(
      (await buyer.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: opened.body.orderId }))).status,
    ).toBe(409);
  });

  it("a paid-off lease whose transfer is not proven within 7 days goes to staff as a dispute; refunding it refunds every instalment", async () => {
    const { buyer, domain } = await financedListing("1200.00");
    const opened = await openLease(buyer.agent, domain.id, 12);
    await buyer.agent.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: opened.body.orderId }));
    const start = Date.now();
    for (let month = 1; month <= 11; month += 1)
      await runBilling(new Date(start + month * 30 * DAY + 60_000));
    const paidOff = await sale(buyer.agent, opened.body.id);
    expect(paidOff).toMatchObject({ status: "awaiting_transfer", lease: { instalmentsPaid: 12 } });
    const paidAt = Date.parse(paidOff.paidAt ?? "");
    expect((await runSaleClock(t, new Date(paidAt + 6 * DAY))).leasesLate).toBe(0);
    expect((await runSaleClock(t, new Date(paidAt + 7 * DAY + 60_000))).leasesLate).toBe(1);
    expect((await sale(buyer.agent, opened.body.id)).status).toBe("disputed");

    const staff = await signInStaff(t);
    const refunded = await staff.agent
      .post(pathTo(ADMIN_SALES_PATHS.refund, { id: opened.body.id }))
      .send({ reason: "The seller never moved the name" });
    expect(refunded.status).toBe(200);
    expect((await sale(buyer.agent, opened.body.id)).status).toBe("refunded");
    const instalments = await t.db
      .select()
      .from(serviceOrders)
      .where(and(eq(serviceOrders.userId, buyer.user.id), eq(serviceOrders.offerId, "marketplaceLease")));
    expect(instalments).toHaveLength(12);
    expect(instalments.every((o) => o.status === "refunded")).toBe(true);
  });
});
