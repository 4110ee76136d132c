import { and, eq, isNull } from "drizzle-orm";
import { leads } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { notFound } from "../../http/app-error";
import { reverseHeldFunds } from "../ledger/reverse-credit";
import { leadSourceKey } from "./sell-lead";

/**
 * A lead sent back (by its buyer, or by staff for it: not a real person, a duplicate they already
 * had): it is marked returned with the reason and its owner's share is reversed, from pending funds
 * while the hold lasts, else from the available balance (which may go negative, to be repaid by
 * later credits). Returning twice changes nothing.
 */
export async function returnLead(options: { db: Db; leadId: string; reason: string }): Promise<boolean> {
  const { db, leadId, reason } = options;
  return db.transaction(async (tx) => {
    const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, leadId)).for("update");
    if (!lead) throw notFound("Lead");
    const [returned] = await tx
      .update(leads)
      .set({ returnedAt: new Date(), returnReason: reason })
      .where(and(eq(leads.id, leadId), isNull(leads.returnedAt)))
      .returning({ domainId: leads.domainId });
    if (!returned) return false;
    await reverseHeldFunds(tx, { sourceKey: leadSourceKey(leadId), cause: "lead-returned", reason });
    return true;
  });
}
