import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundOrderAsStaff } from "../../server/modules/admin/staff-refund";
import { EXPERIMENT_PATHS } from "../../shared/api/experiments";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { experiments, serviceOrders, workOrderNotes, workOrders } from "../../shared/schema";
import { buyMarketingTools, payInSandbox } from "../factories/billing";
import { runSaleClock, sellerAndBuyer } from "../factories/deals";
import { addVerifiedDomain } from "../factories/domains";
import { purchaseBody } from "../factories/purchases";
import { signUp } from "../factories/users";
import type { DnsServer } from "../setup/dns-server";
import { createTestAppWithDns, type TestApp } from "../setup/test-app";
import { DAY_MS } from "../setup/time";

/** A refund or a sale ends everything the purchase started (docs/money.md#refunds-and-chargebacks). */
let t: TestApp;
let dns: DnsServer;
beforeAll(async () => {
  ({ t, dns } = await createTestAppWithDns());
});
afterAll(() => t.close());

const refund = (orderId: string) =>
  refundOrderAsStaff(t.deps, { staffId: null, orderId, reason: "Ended by test" });
const notesOf = (workOrderId: string) =>
  t.db
    .select({ body: workOrderNotes.body })
    .from(workOrderNotes)
    .where(eq(workOrderNotes.workOrderId, workOrderId));

describe("a refunded Split Testing", () => {
  it("stops the owner's running test with no winner: the page is the domain's own again", async () => {
    const { agent, user } = await signUp(t.app);
    await buyMarketingTools(agent, ["landing-page-builder", "split-testing"]);
    const domain = await addVerifiedDomain(agent, t.db);
    const page = (headline: string) => ({
      template: "standard",
      blocks: [{ type: "headline", headline, text: "" }],
    });
    const started = await agent.post(EXPERIMENT_PATHS.list).send({
      domainId: domain.id,
      goal: "outbound-click",
      variants: [
        { name: "A", page: page("A"), weight: 1 },
        { name: "B", page: page("B"), weight: 1 },
      ],
    });
    expect(started.status).toBe(201);
    const [tools] = await t.db.select().from(serviceOrders).where(eq(serviceOrders.userId, user.id));

    await refund(tools.id);

    const [test] = await t.db.select().from(experiments).where(eq(experiments.id, started.body.id));
    expect(test).toMatchObject({ status: "stopped", winner: null });
  });
});

describe("a name that leaves its owner", () => {
  it("ends the broker's open work on it, with a note, when its escrow sale completes", async () => {
    const { seller, buyer, domain } = await sellerAndBuyer(t.app, t.db, "1500.00");
    const broker = await seller.agent
      .post(OFFERS.broker.path)
      .send(
        purchaseBody("broker", domain.id, OFFERS.broker.quote(purchaseBody("broker", domain.id, "0")).price),
      );
    expect(broker.status).toBe(201);
    await payInSandbox(seller.agent, broker.body.orderId);
    const opened = await buyer.agent.post(marketplaceDealPaths.transactions).send({ domainId: domain.id });
    await payInSandbox(buyer.agent, opened.body.orderId);
    const sale = (await buyer.agent.get(pathTo(marketplaceDealPaths.transaction, { id: opened.body.id })))
      .body;
    dns.publishTxt(sale.transfer.txtRecord.name, sale.transfer.txtRecord.value);
    expect(
      (await buyer.agent.post(pathTo(marketplaceDealPaths.confirmTransfer, { id: opened.body.id }))).status,
    ).toBe(200);

    await runSaleClock(t, new Date(Date.now() + 30 * DAY_MS));

    const [work] = await t.db.select().from(workOrders).where(eq(workOrders.orderId, broker.body.orderId));
    expect(work.status).toBe("cancelled");
    expect(await notesOf(work.id)).toEqual([{ body: `Closed: ${domain.name} was sold through escrow.` }]);
  });
});
