import { expect, type Page } from "@playwright/test";
import { marketplacePaths } from "../../shared/api/marketplace/listings";
import { verifyDomainThroughDns } from "./dns-records";
import { addDomainThroughApi } from "./fixtures";

/**
 * The seller's part before a buyer can deal: the page's account adds a new domain named from
 * `prefix`, proves it through DNS and lists it on the marketplace at `price`. Answers the domain.
 */
export async function listVerifiedDomain(
  seller: Page,
  prefix: string,
  price: string,
): Promise<{ id: string; name: string }> {
  const name = `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.com`;
  const domain = await addDomainThroughApi(seller, name);
  await verifyDomainThroughDns(seller, domain);
  const listed = await seller.request.post(marketplacePaths.list, { data: { domainId: domain.id, price } });
  expect(listed.status(), await listed.text()).toBe(201);
  return domain;
}
