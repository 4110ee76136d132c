import { randomBytes, randomInt } from "node:crypto";
import type { Express } from "express";
import request from "supertest";
import { LEAD_SOURCE, LEAD_VALUE, LEADS_PATH } from "../../shared/api/leads/leads";
import { leadSalesSettled } from "../setup/test-app";

/**
 * What a test app needs to tell a visitor from the domain's owner: every test request comes
 * from loopback, where owners sign up, so visitors come through one trusted proxy hop that
 * names their own address.
 */
export const VISITOR_PROXY_ENV = { TRUST_PROXY: "1" } as const;

/**
 * Leads worth 80 and held 14 days, many from one address or on one domain, sent by visitors
 * through the trusted proxy hop.
 */
export const HELD_LEADS_ENV = {
  LEAD_VALUE: "80",
  LEAD_HOLD_DAYS: "14",
  LEADS_PER_ADDRESS_PER_HOUR: "1000",
  LEADS_PER_DOMAIN_PER_HOUR: "1000",
  ...VISITOR_PROXY_ENV,
} as const;

/** An address no test owner uses (TEST-NET-3), a fresh one most calls. */
export const visitorAddress = () => `203.0.113.${randomInt(1, 255)}`;

/** A lead's body with an email no other test uses. */
export const leadBody = (overrides: Record<string, unknown> = {}) => ({
  email: `driver_${randomBytes(5).toString("hex")}@example.com`,
  zipCode: "90210",
  source: LEAD_SOURCE,
  value: LEAD_VALUE,
  ...overrides,
});

/**
 * A lead sent by a visitor's browser on `host`, from an address of its own (the app trusts one
 * proxy hop), answered once the sale the answer left to the job queue is done.
 */
export async function visitorLead(app: Express, host: string, body = leadBody(), address = visitorAddress()) {
  const res = await request(app).post(LEADS_PATH).set({ Host: host, "X-Forwarded-For": address }).send(body);
  await leadSalesSettled(app);
  return res;
}
