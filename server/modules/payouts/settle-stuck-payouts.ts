import { and, asc, eq, lt } from "drizzle-orm";
import { payouts } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Logger } from "../../lib/logger";
import type { PayoutRails, PayoutSender } from "../../payments/provider";
import { sandboxPayoutSender } from "../../payments/sandbox-provider";
import { payeeBlock } from "./payee-state";
import { sentAmount, settlePayout } from "./payouts.service";

/** A send answers in seconds; a payout `processing` this long was interrupted. */
export const STUCK_AFTER_MS = 5 * 60_000;
const BATCH = 100;

/**
 * The reconciliation job (docs/money.md): payouts left `processing` (the process died between the
 * debit and the provider's answer, or the answer never came) are settled by asking the provider
 * where each stands. The provider's idempotency (our payout id as PayPal's sender batch id and
 * request id) means asking resends nothing twice. A payout the provider cannot answer for yet
 * stays `processing` until the next run, and so does one whose payee is suspended or locked down.
 */
export async function settleStuckPayouts(options: {
  db: Db;
  sender: PayoutSender;
  /** With them, a payout is asked of the rail that sent it. */
  rails?: PayoutRails;
  logger: Logger;
  now?: Date;
}): Promise<{ completed: number; failed: number; waiting: number }> {
  const { db, logger } = options;
  const before = new Date((options.now ?? new Date()).getTime() - STUCK_AFTER_MS);
  const stuck = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, "processing"), lt(payouts.updatedAt, before)))
    .orderBy(asc(payouts.updatedAt))
    .limit(BATCH);
  const counts = { completed: 0, failed: 0, waiting: 0 };
  for (const payout of stuck) {
    // Asking PayPal re-sends a payout the first attempt never delivered: not to an account that
    // was suspended or locked down since. It waits, still debited, until the account is restored.
    const block = await payeeBlock(db, payout.userId);
    if (block) {
      logger.warn(
        { payoutId: payout.id, payee: block.state },
        "stuck payout waits: the payee cannot be paid",
      );
      counts.waiting++;
      continue;
    }
    const sender = options.rails?.byName(payout.provider) ?? senderFor(payout.provider, options.sender);
    if (!sender) {
      logger.warn({ payoutId: payout.id, provider: payout.provider }, "no sender for a stuck payout");
      counts.waiting++;
      continue;
    }
    const answer = await sender
      .settle({ id: payout.id, amount: sentAmount(payout), email: payout.paypalEmail })
      .catch((err: unknown) => {
        logger.error({ err, payoutId: payout.id }, "stuck payout could not be checked");
        return { status: "processing" as const };
      });
    if (answer.status === "processing") {
      counts.waiting++;
      continue;
    }
    const result =
      answer.status === "completed"
        ? { status: "completed" as const, reference: answer.reference }
        : { status: "failed" as const, reason: answer.reason };
    if (await settlePayout({ db, payout, result })) counts[answer.status]++;
    logger.info({ payoutId: payout.id, ...answer }, "stuck payout settled");
  }
  return counts;
}

/** The sender that made the payout: the sandbox's are settled by the sandbox whatever runs now. */
function senderFor(provider: string, current: PayoutSender): PayoutSender | null {
  if (provider === current.name) return current;
  if (provider === "sandbox") return sandboxPayoutSender;
  return null;
}
