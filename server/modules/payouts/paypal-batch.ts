import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { payoutRuns, payouts } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { Logger } from "../../lib/logger";
import { type PayPalClient, PayPalError } from "../../payments/paypal-client";
import { payeeBlock } from "./payee-state";
import { sentAmount, settlePayout } from "./payouts.service";

/** PayPal keeps an unclaimed payout for 30 days, then returns it (developer.paypal.com/payouts). */
export const UNCLAIMED_DAYS = 30;
const DAY_MS = 86_400_000;
/** PayPal takes up to 15,000 items in one batch. */
const BATCH_LIMIT = 15_000;

/** Item statuses that mean nothing reached the payee (or it came back): the amount returns. */
const RETURNED = new Set(["FAILED", "RETURNED", "BLOCKED", "REFUNDED", "REVERSED", "DENIED", "CANCELED"]);

/**
 * One run of PayPal Payouts: a run left open by an interrupted one is sent first (same
 * sender_batch_id, so PayPal answers or refuses the batch it took, and pays nothing twice); then
 * every approved payout of the batch rail not yet in a run is claimed by a new run and leaves in
 * one batch whose sender_batch_id is the run's id. A payee suspended or locked down waits.
 */
export async function runPayPalBatch(options: {
  db: Db;
  paypal: PayPalClient;
  logger: Logger;
}): Promise<{ runs: { runId: string; items: number }[] }> {
  const { db } = options;
  const runs: { runId: string; items: number }[] = [];
  const open = await db
    .select()
    .from(payoutRuns)
    .where(eq(payoutRuns.status, "open"))
    .orderBy(asc(payoutRuns.createdAt));
  for (const run of open) runs.push({ runId: run.id, items: await sendRun(options, run.id) });

  const waiting = await db
    .select({ id: payouts.id, userId: payouts.userId })
    .from(payouts)
    .where(and(eq(payouts.provider, "paypal-batch"), eq(payouts.status, "processing"), isNull(payouts.runId)))
    .orderBy(asc(payouts.createdAt))
    .limit(BATCH_LIMIT);
  const ready: string[] = [];
  for (const payout of waiting) if (!(await payeeBlock(db, payout.userId))) ready.push(payout.id);
  if (ready.length === 0) return { runs };
  const runId = await db.transaction(async (tx) => {
    const [run] = await tx.insert(payoutRuns).values({}).returning({ id: payoutRuns.id });
    // Claimed only if still unclaimed: two runs at once never carry one payout twice.
    await tx
      .update(payouts)
      .set({ runId: run.id, updatedAt: new Date() })
      .where(and(inArray(payouts.id, ready), isNull(payouts.runId), eq(payouts.status, "processing")));
    return run.id;
  });
  runs.push({ runId, items: await sendRun(options, runId) });
  return { runs };
}

/** Sends a run's batch; the run is `sent` once PayPal took it (or says it took it before). */
async function sendRun(
  options: { db: Db; paypal: PayPalClient; logger: Logger },
  runId: string,
): Promise<number> {
  const { db, paypal, logger } = options;
  const items = await db
    .select()
    .from(payouts)
    .where(eq(payouts.runId, runId))
    .orderBy(asc(payouts.createdAt));
  if (items.length === 0) {
    await db.delete(payoutRuns).where(eq(payoutRuns.id, runId));
    return 0;
  }
  try {
    const batch = await paypal.createPayoutBatch({
      senderBatchId: runId,
      items: items.map((p) => ({ senderItemId: p.id, amount: sentAmount(p), email: p.paypalEmail })),
    });
    await db
      .update(payoutRuns)
      .set({ status: "sent", providerBatchId: batch.batchId, updatedAt: new Date() })
      .where(eq(payoutRuns.id, runId));
    await db
      .update(payouts)
      .set({ providerRef: batch.batchId, providerStatus: batch.status, updatedAt: new Date() })
      .where(eq(payouts.runId, runId));
  } catch (err) {
    if (err instanceof PayPalError && err.body.includes("SENDER_BATCH_ID_ALREADY_USED")) {
      // The first attempt reached PayPal: the run was sent, nothing is sent again.
      await db
        .update(payoutRuns)
        .set({ status: "sent", updatedAt: new Date() })
        .where(eq(payoutRuns.id, runId));
      return 0;
    }
    // Unknown outcome: the run stays open and the next run sends it again under the same id.
    logger.error({ err, runId }, "payout batch could not be sent");
    return 0;
  }
  return items.length;
}

/**
 * Follows one batch item's status (from polling or from a `PAYMENT.PAYOUTS-ITEM.*` webhook):
 * SUCCESS completes the payout; UNCLAIMED waits 30 days; FAILED, RETURNED, BLOCKED and the like
 * return the amount with PayPal's reason, once; PENDING and ONHOLD change nothing.
 */
export async function applyPayoutItem(
  db: Db,
  item: {
    senderItemId: string;
    status: string;
    reason: string | null;
    processedAt: string | null;
    reference?: string;
  },
): Promise<boolean> {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, item.senderItemId));
  if (payout?.provider !== "paypal-batch") return false;
  const status = item.status.toUpperCase();
  if (status === "SUCCESS")
    return settlePayout({
      db,
      payout,
      result: { status: "completed", reference: item.reference ?? payout.providerRef ?? payout.id },
      providerStatus: status,
      from: ["processing", "unclaimed"],
    });
  if (status === "UNCLAIMED") {
    const since = item.processedAt ? new Date(item.processedAt) : new Date();
    return settlePayout({
      db,
      payout,
      result: { status: "unclaimed", returnAfter: new Date(since.getTime() + UNCLAIMED_DAYS * DAY_MS) },
      providerStatus: status,
    });
  }
  if (RETURNED.has(status))
    return settlePayout({
      db,
      payout,
      result: { status: "failed", reason: item.reason ?? `PayPal: ${status.toLowerCase()}` },
      providerStatus: status,
      from: ["processing", "unclaimed"],
    });
  if (payout.providerStatus !== status)
    await db.update(payouts).set({ providerStatus: status }).where(eq(payouts.id, payout.id));
  return false;
}

/** Polls every sent run's batch and applies each item; a run whose items all settled is done. */
export async function pollPayPalBatches(options: { db: Db; paypal: PayPalClient; logger: Logger }) {
  const { db, paypal } = options;
  const sent = await db.select().from(payoutRuns).where(eq(payoutRuns.status, "sent"));
  let settled = 0;
  for (const run of sent) {
    if (!run.providerBatchId) continue;
    const items = await paypal.getPayoutBatchItems(run.providerBatchId).catch((err: unknown) => {
      options.logger.warn({ err, runId: run.id }, "payout batch could not be read");
      return null;
    });
    if (!items) continue;
    for (const item of items) if (await applyPayoutItem(db, { ...item, reference: item.itemId })) settled++;
    const { rows } = await db.execute<{ open: number }>(
      sql`select count(*)::int as open from payouts where run_id = ${run.id} and status in ('processing', 'unclaimed')`,
    );
    if (rows[0].open === 0)
      await db
        .update(payoutRuns)
        .set({ status: "done", updatedAt: new Date() })
        .where(eq(payoutRuns.id, run.id));
  }
  return { settled };
}

/** Unclaimed for PayPal's 30 days: the amount comes back to the balance, once. */
export async function returnUnclaimedPayouts(options: { db: Db; now?: Date }): Promise<{ returned: number }> {
  const now = options.now ?? new Date();
  const due = await options.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, "unclaimed"), lte(payouts.returnAfter, now)));
  let returned = 0;
  for (const payout of due) {
    const done = await settlePayout({
      db: options.db,
      payout,
      result: { status: "failed", reason: `not claimed at PayPal within ${UNCLAIMED_DAYS} days` },
      providerStatus: "UNCLAIMED",
      from: ["unclaimed"],
    });
    if (done) returned++;
  }
  return { returned };
}
