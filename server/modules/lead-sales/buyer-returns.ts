import { sql } from "drizzle-orm";
import { LEAD_RETURN_REASONS, ZLeadReturnRequest } from "../../../shared/api/lead-sales";
import { leadBuyerCalls } from "../../../shared/schema";
import { AppError } from "../../http/app-error";
import { saleBuyerById } from "./buyer-store";
import type { LeadSales } from "./lead-sales";
import { returnLead } from "./return-lead";
import { signatureMatches } from "./signature";

/**
 * A buyer returns a lead it bought (docs/money.md#lead-sales): the request is signed with the
 * buyer's secret, the lead must be one the buyer bought, within the returns window, for a reason
 * the protocol accepts. The owner's share is reversed. A second return of the lead is refused.
 */
export async function returnFromBuyer(
  sales: LeadSales,
  request: { buyerId: string | undefined; signature: string | undefined; rawBody: Buffer },
): Promise<{ returned: true; leadId: string }> {
  const { db } = sales;
  const unsigned = new AppError("UNAUTHORIZED", "Unknown buyer or bad signature");
  if (!request.buyerId || !/^[0-9a-f-]{36}$/i.test(request.buyerId)) throw unsigned;
  const buyer = await saleBuyerById(db, sales.secrets, request.buyerId);
  const body = request.rawBody.toString("utf8");
  if (!buyer || !signatureMatches(body, buyer.secret, request.signature)) throw unsigned;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new AppError("BAD_REQUEST", "The body is not JSON");
  }
  const input = ZLeadReturnRequest.parse(json);
  const { rows } = await db.execute<{ within: boolean; returned: boolean }>(sql`
    select sold_at > now() - make_interval(days => ${sales.settings.returnDays}) as within,
      returned_at is not null as returned
    from leads where id = ${input.leadId} and buyer_id = ${buyer.id} and sale_status = 'sold'
  `);
  const lead = rows[0];
  if (!lead) throw new AppError("NOT_FOUND", "No lead with this id was sold to you");
  if (lead.returned) throw new AppError("CONFLICT", "This lead was returned already");
  if (!lead.within) {
    throw new AppError(
      "UNPROCESSABLE",
      `Leads can be returned within ${sales.settings.returnDays} days of their sale`,
    );
  }
  await returnLead({
    db,
    leadId: input.leadId,
    reason: `Returned by ${buyer.name}: ${LEAD_RETURN_REASONS[input.reason]}`,
  });
  await db.insert(leadBuyerCalls).values({
    buyerId: buyer.id,
    leadId: input.leadId,
    kind: "return",
    outcome: "returned",
    detail: LEAD_RETURN_REASONS[input.reason],
  });
  return { returned: true, leadId: input.leadId };
}
