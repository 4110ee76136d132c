import type PgBoss from "pg-boss";
import { sendListingsNewsletter } from "../modules/marketplace/listings-newsletter";
import type { SaleConfig } from "../modules/marketplace/sale-terms";
import { runSaleTimeouts, type SaleTimeoutDeps } from "./sale-timeouts";

export const MARKETPLACE_CLOCK_QUEUE = "marketplace-clock";
/** Offers and sales time out in days; a quarter-hour's lateness is nothing to either side. */
export const MARKETPLACE_CLOCK_CRON = "*/15 * * * *";

export const LISTINGS_NEWSLETTER_QUEUE = "listings-newsletter";
/** Mondays at 14:00 UTC: morning in the Americas, afternoon in Europe. */
export const LISTINGS_NEWSLETTER_CRON = "0 14 * * 1";

export interface MarketplaceJobOptions {
  deps: SaleTimeoutDeps;
  config: SaleConfig;
  /** Where the newsletter's links point, and the secret its unsubscribe links are signed with. */
  newsletter: { appUrl: string; secret: string };
}

export async function installMarketplaceJobs(boss: PgBoss): Promise<void> {
  await boss.createQueue(MARKETPLACE_CLOCK_QUEUE, { name: MARKETPLACE_CLOCK_QUEUE, policy: "singleton" });
  await boss.schedule(MARKETPLACE_CLOCK_QUEUE, MARKETPLACE_CLOCK_CRON, {}, { tz: "UTC" });
  await boss.createQueue(LISTINGS_NEWSLETTER_QUEUE, { name: LISTINGS_NEWSLETTER_QUEUE, policy: "singleton" });
  await boss.schedule(LISTINGS_NEWSLETTER_QUEUE, LISTINGS_NEWSLETTER_CRON, {}, { tz: "UTC" });
}

/** Expires offers and runs sales' timeouts; sends the weekly listings newsletter (docs/marketplace.md). */
export async function workMarketplaceJobs(
  boss: PgBoss,
  options: MarketplaceJobOptions & { pollSeconds: number },
): Promise<void> {
  await boss.work(MARKETPLACE_CLOCK_QUEUE, { pollingIntervalSeconds: options.pollSeconds }, async () => {
    const result = await runSaleTimeouts(options.deps, { config: options.config });
    if (result.expired + result.cancelled + result.refunded + result.completed > 0)
      options.deps.logger.info(result, "marketplace clock ran");
  });
  await boss.work(LISTINGS_NEWSLETTER_QUEUE, { pollingIntervalSeconds: options.pollSeconds }, async () => {
    const { db, mailer, logger } = options.deps;
    const result = await sendListingsNewsletter({ db, mailer, ...options.newsletter });
    logger.info(result, "listings newsletter sent");
  });
}
