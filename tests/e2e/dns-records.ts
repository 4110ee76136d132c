import { expect, type Page } from "@playwright/test";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { pathTo } from "../../shared/path-to";
import { E2E_DNS_CONTROL_PORT } from "../setup/dns-server";

/** Publishes a record on the browser tests' DNS server (started by dns-global-setup.ts). */
export async function publishDnsRecord(record: { name: string; txt?: string; ns?: string[] }): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${E2E_DNS_CONTROL_PORT}/records`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(record),
  });
  expect(res.status).toBe(204);
}

/**
 * Proves a domain the page's account added the way an owner would: its nameservers point at the
 * pair the platform gave the account for it, then Verify now. For tests whose subject is something
 * a verified domain can do.
 */
export async function verifyDomainThroughDns(
  page: Page,
  domain: { id: string; name: string },
): Promise<void> {
  const added = await page.request.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
  const { nameservers } = (await added.json()).verification as { nameservers: string[] };
  expect(nameservers).toHaveLength(2);
  await publishDnsRecord({ name: domain.name, ns: nameservers });
  const res = await page.request.post(pathTo(DOMAIN_PATHS.verify, { id: domain.id }));
  expect(res.status(), await res.text()).toBe(200);
  expect((await res.json()).verification.status).toBe("verified");
}
