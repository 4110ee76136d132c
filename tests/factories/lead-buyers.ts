import { sql } from "drizzle-orm";
import { ADMIN_LEAD_BUYERS_PATHS } from "../../shared/api/lead-sales";
import type { TestApp } from "../setup/test-app";
import { insertDomain } from "./domains";
import { visitorLead } from "./leads";
import type { Staff } from "./staff";
import { signUp } from "./users";

/** Staff add a buyer that answers at `server` and pays its bid; answers the admin API's response. */
export function addBiddingBuyer(
  staff: Staff,
  server: { pingUrl: string; postUrl: string; secret: string },
  values: { name: string } & Record<string, unknown>,
) {
  return staff.agent.post(ADMIN_LEAD_BUYERS_PATHS.list).send({
    pingUrl: server.pingUrl,
    postUrl: server.postUrl,
    secret: server.secret,
    priceModel: "bid",
    ...values,
  });
}

/** A visitor's lead on a fresh owner's parked domain; answers the lead request's response. */
export async function leadOnNewParkedDomain(t: TestApp) {
  const owner = await signUp(t.app);
  const domain = await insertDomain(t.db, owner.user.id, { status: "parked" });
  return visitorLead(t.app, domain.name);
}

/** After a test: its buyers stop buying (each test sells to its own) and their circuits close. */
export async function retireLeadBuyers(t: TestApp) {
  await t.db.execute(sql`update lead_buyers set active = false`);
  t.deps.leadSales.circuits.shutdown();
}
