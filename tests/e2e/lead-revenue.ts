import type { APIRequestContext, Page } from "@playwright/test";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { verifyDomainThroughDns } from "./dns-records";
import { expect } from "./fixtures";
import { sendVisitorLead } from "./visitor-lead";

const uniqueName = () => `pay${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.com`;

/**
 * Earns $75 of lead earnings on a new verified domain of the page's account, available at once
 * (the browser tests run with LEAD_HOLD_DAYS=0). The lead comes from `visitor`, a request context
 * of its own: a lead from the owner's own browser earns nothing. Answers the domain's name.
 */
export async function earnLeadRevenue(page: Page, visitor: APIRequestContext): Promise<string> {
  const name = uniqueName();
  const domain = await page.request.post(DOMAIN_PATHS.list, { data: { name } });
  expect(domain.status(), await domain.text()).toBe(201);
  // Only a verified domain earns leads.
  await verifyDomainThroughDns(page, await domain.json());
  const available = async () =>
    Number((await (await page.request.get(PAYMENT_PATHS.balance)).json()).availableBalance);
  const before = await available();
  const lead = await sendVisitorLead(visitor, name, {
    email: `lead-${name}@example.com`,
    zipCode: "10001",
    source: "car-insurance-landing",
    value: 75,
  });
  expect(lead.status(), await lead.text()).toBe(201);
  // The lead is acknowledged once stored; its sale and the owner's share follow from the job queue.
  await expect.poll(available, { timeout: 30_000 }).toBeGreaterThan(before);
  return name;
}
