import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import type { TDomainPnl, TPortfolioPnl } from "../../shared/api/pnl";
import { PNL_PATHS, PORTFOLIO_PNL_PATH } from "../../shared/api/pnl";
import { pathTo } from "../../shared/path-to";
import { insertDomain } from "../factories/domains";
import { credit } from "../factories/revenue";
import { signUp } from "../factories/users";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe("ROI needs a purchase price", () => {
  it("a domain that earns against only its renewal cost shows no ROI until its price is entered, then net ÷ costs", async () => {
    const owner = await signUp(t.app);
    // $100 a year to renew, $2,500 earned, no purchase price: net ÷ renewal share would be thousands of percent.
    const domain = await insertDomain(t.db, owner.user.id, {
      registrationDate: daysAgo(400),
      renewalCost: "100.00",
    });
    await credit(t.db, owner.user.id, [
      { domainId: domain.id, type: "parking", amount: "2500.00", at: daysAgo(3).toISOString() },
    ]);

    const before = await owner.agent.get(`${pathTo(PNL_PATHS.domain, { id: domain.id })}?range=all`);
    expect(before.status).toBe(200);
    const unpriced = (before.body as TDomainPnl).domain;
    expect(unpriced).toMatchObject({ purchasePriceSet: false, roi: null, net: expect.any(String) });
    expect(Number(unpriced.costs.renewal)).toBeGreaterThan(0);
    const portfolioBefore = (await owner.agent.get(`${PORTFOLIO_PNL_PATH}?range=all`)).body as TPortfolioPnl;
    expect(portfolioBefore.totals).toMatchObject({ roi: null, withoutPurchasePrice: 1 });

    const edit = await owner.agent
      .patch(pathTo(DOMAIN_PATHS.one, { id: domain.id }))
      .send({ purchasePrice: "1000.00" });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    const after = (
      (await owner.agent.get(`${pathTo(PNL_PATHS.domain, { id: domain.id })}?range=all`)).body as TDomainPnl
    ).domain;
    expect(after.purchasePriceSet).toBe(true);
    const net = Number(after.net);
    const costs = Number(after.costs.total);
    expect(after.roi).toBe(((net * 100) / costs).toFixed(1));
    const portfolioAfter = (await owner.agent.get(`${PORTFOLIO_PNL_PATH}?range=all`)).body as TPortfolioPnl;
    expect(portfolioAfter.totals).toMatchObject({ roi: after.roi, withoutPurchasePrice: 0 });
  });
});
