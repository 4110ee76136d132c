import type PgBoss from "pg-boss";
import type { Logger } from "../lib/logger";
import { issueMonthlyInvoices } from "../modules/lead-sales/issue-invoice";
import type { LeadSales } from "../modules/lead-sales/lead-sales";

export const LEAD_INVOICES_QUEUE = "lead-invoices-monthly";
/**
 * On the first of each month, 06:00 UTC: the month before is invoiced (every few hours that day
 * too, so a run missed by a restart is made up; a second run issues nothing new).
 */
export const LEAD_INVOICES_CRON = "0 6,12,18 1 * *";

/** Creates the queue and its schedule; run while installing (instances take turns then). */
export async function installLeadInvoicesJob(boss: PgBoss): Promise<void> {
  await boss.createQueue(LEAD_INVOICES_QUEUE, { name: LEAD_INVOICES_QUEUE, policy: "singleton" });
  await boss.schedule(LEAD_INVOICES_QUEUE, LEAD_INVOICES_CRON, {}, { tz: "UTC" });
}

/** The worker: each buyer's invoice for the month just ended is issued and mailed. */
export async function workLeadInvoicesJob(
  boss: PgBoss,
  options: { sales: LeadSales; logger: Logger; pollSeconds: number },
): Promise<void> {
  await boss.work(LEAD_INVOICES_QUEUE, { pollingIntervalSeconds: options.pollSeconds }, async () => {
    const result = await issueMonthlyInvoices(options.sales);
    options.logger.info(result, "lead buyer invoices issued");
  });
}
