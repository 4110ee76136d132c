import type { APIRequestContext } from "@playwright/test";
import { LEADS_PATH } from "../../shared/api/leads/leads";

let visitors = 0;

/**
 * A lead a visitor sends on `host` from a browser of its own: no owner's cookie, and an address
 * of its own through the proxy the test server trusts (owners sign in from loopback, and a lead
 * from an owner's address credits nothing).
 */
export function sendVisitorLead(request: APIRequestContext, host: string, data: Record<string, unknown>) {
  visitors += 1;
  const address = `203.0.113.${(visitors % 250) + 1}`;
  return request.post(LEADS_PATH, { headers: { Host: host, "X-Forwarded-For": address }, data });
}
