import type PgBoss from "pg-boss";
import type { Logger } from "../lib/logger";
import type { LeadSales } from "../modules/lead-sales/lead-sales";
import { resumePendingSales, sellEach } from "../modules/lead-sales/sell-lead";

export const LEAD_SALES_QUEUE = "lead-sales-resume";
/** Sales cut short (a crash, a restart) are taken over within a minute of their claim running out. */
export const LEAD_SALES_CRON = "* * * * *";

/** A lead just stored, sold by whichever instance's worker takes its job first. */
export const LEAD_SALE_QUEUE = "lead-sale";
/** Leads stored wait at most about this long for their sale to start. */
const LEAD_SALE_POLL_SECONDS = 1;
/**
 * Sales a worker takes a fetch: the queue fetches again at once when a batch took longer than the
 * poll, so a worker sells up to this many leads a second, more when the batch is slower than that.
 */
const LEAD_SALE_BATCH = 32;

/** Creates the queue and its schedule; run while installing (instances take turns then). */
export async function installLeadSalesJob(boss: PgBoss): Promise<void> {
  await boss.createQueue(LEAD_SALE_QUEUE, { name: LEAD_SALE_QUEUE, policy: "standard" });
  await boss.createQueue(LEAD_SALES_QUEUE, { name: LEAD_SALES_QUEUE, policy: "singleton" });
  await boss.schedule(LEAD_SALES_QUEUE, LEAD_SALES_CRON, {}, { tz: "UTC" });
}

/**
 * The workers: each lead the lead path hands on (`queueSale`) is sold from its job, and pending
 * sales whose claim ran out (or whose job was never queued) are sold (or found unsold) again.
 */
export async function workLeadSalesJob(
  boss: PgBoss,
  options: { sales: LeadSales; logger: Logger; pollSeconds: number },
): Promise<void> {
  await boss.work<{ leadId: string }>(
    LEAD_SALE_QUEUE,
    { pollingIntervalSeconds: LEAD_SALE_POLL_SECONDS, batchSize: LEAD_SALE_BATCH },
    async (jobs) => {
      await sellEach(
        options.sales,
        jobs.map((job) => job.data.leadId),
      );
    },
  );
  options.sales.followUp.send = (leadId) => boss.send(LEAD_SALE_QUEUE, { leadId });
  await boss.work(
    LEAD_SALES_QUEUE,
    { pollingIntervalSeconds: Math.min(15, options.pollSeconds) },
    async () => {
      const result = await resumePendingSales(options.sales);
      if (result.sold + result.unsold > 0) options.logger.info(result, "interrupted lead sales resumed");
    },
  );
}
