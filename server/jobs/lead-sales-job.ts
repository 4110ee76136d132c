import type PgBoss from "pg-boss";
import type { Logger } from "../logger";
import type { LeadSales } from "../modules/lead-sales/lead-sales";
import { resumePendingSales } from "../modules/lead-sales/sell-lead";

export const LEAD_SALES_QUEUE = "lead-sales-resume";
/** Sales cut short (a crash, a restart) are taken over within a minute of their claim running out. */
export const LEAD_SALES_CRON = "* * * * *";

/** Creates the queue and its schedule; run while installing (instances take turns then). */
export async function installLeadSalesJob(boss: PgBoss): Promise<void> {
  await boss.createQueue(LEAD_SALES_QUEUE, { name: LEAD_SALES_QUEUE, policy: "singleton" });
  await boss.schedule(LEAD_SALES_QUEUE, LEAD_SALES_CRON, {}, { tz: "UTC" });
}

/** The worker: pending sales whose claim ran out are sold (or found unsold) again. */
export async function workLeadSalesJob(
  boss: PgBoss,
  options: { sales: LeadSales; logger: Logger; pollSeconds: number },
): Promise<void> {
  await boss.work(
    LEAD_SALES_QUEUE,
    { pollingIntervalSeconds: Math.min(15, options.pollSeconds) },
    async () => {
      const result = await resumePendingSales(options.sales);
      if (result.sold + result.unsold > 0) options.logger.info(result, "interrupted lead sales resumed");
    },
  );
}
