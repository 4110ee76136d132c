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
  void followUp.running.track(
    sale.catch((err) => logger.error({ err, leadId }, "lead sale not started; the resume job takes it over")),
  );
}

/** Resolves once every sale this process handed on has been sold, found unsold or queued (tests, shutdown). */
export function salesSettled(sales: LeadSales): Promise<void> {
  return sales.followUp.running.settled();
}
