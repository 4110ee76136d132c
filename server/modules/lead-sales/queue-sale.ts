import type { LeadSales } from "./lead-sales";
import { sellLead } from "./sell-lead";

/**
 * Hands a stored lead's sale on, so that the visitor's answer waits for none of it: to the job
 * queue when it runs, else to this process after the answer. Either way the lead is pending and
 * unclaimed in its row, so a sale lost to a crash (or a queue that refused the job) is taken by
 * the resume job within a minute.
 */
export function queueSale(sales: LeadSales, leadId: string): void {
  const { followUp, logger } = sales;
  const sale = followUp.send ? followUp.send(leadId) : sellLead(sales, leadId);
  const tracked = sale
    .catch((err) => logger.error({ err, leadId }, "lead sale not started; the resume job takes it over"))
    .finally(() => followUp.running.delete(tracked));
  followUp.running.add(tracked);
}

/** Resolves once every sale this process handed on has been sold, found unsold or queued (tests, shutdown). */
export async function salesSettled(sales: LeadSales): Promise<void> {
  while (sales.followUp.running.size > 0) await Promise.allSettled([...sales.followUp.running]);
}
