import { and, eq, lte, sql } from "drizzle-orm";
import {
  LEASE_GRACE_DAYS,
  PAYMENT_DAYS,
  PROTECTION_TERMS,
  type TProtectionLevel,
  TRANSFER_DAYS,
} from "../../shared/marketplace-deals";
import { marketplaceTransactions } from "../../shared/schema";
import { refundOrderAsStaff, type StaffRefundDeps } from "../modules/admin/staff-refund";
import { disputeLateLeaseTransfers, endDefaultedLeases } from "../modules/marketplace/lease-payments";
import {
  type ProviderBillingDeps,
  priceLastInstalmentsAtStripe,
  stopProviderBillingOfLeases,
} from "../modules/marketplace/lease-provider-billing";
import { expireOffers } from "../modules/marketplace/offers.service";
import { applySaleEvent } from "../modules/marketplace/sale-events";
import type { SaleConfig } from "../modules/marketplace/sale-terms";

const DAY_MS = 86_400_000;
/** A dispute on a listing with a refund guarantee that staff leave undecided this long is refunded. */
export const GUARANTEE_DISPUTE_DAYS = 14;

/** What the marketplace's clock needs of the app: what refunds and the providers' billing need. */
export type SaleTimeoutDeps = StaffRefundDeps & ProviderBillingDeps;
const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * The marketplace's clock, run by a job (and by tests with a moved `now`): open offers past their
 * 7 days expire, and accepted ones that opened no sale in theirs lapse; a sale unpaid after 5
 * days is cancelled (its offer lapses); a paid sale whose name the buyer has not
 * proven within 7 days is refunded; an inspection that ran out completes the sale; a dispute on
 * a listing with a refund guarantee that staff left for 14 days is refunded. A lease whose
 * instalment is unpaid 10 days past due ends; a paid-off lease whose transfer is late goes to
 * staff as a dispute (its money came in instalments, so no single order refunds it).
 */
export async function runSaleTimeouts(deps: SaleTimeoutDeps, options: { config: SaleConfig; now?: Date }) {
  const { db } = deps;
  const now = options.now ?? new Date();
  const { expired } = await expireOffers({ db, now });

  const unpaid = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(marketplaceTransactions)
      .where(
        and(
          eq(marketplaceTransactions.status, "awaiting_payment"),
          lte(marketplaceTransactions.createdAt, before(now, PAYMENT_DAYS)),
        ),
      )
      .for("update");
    const why = `Nobody paid within ${PAYMENT_DAYS} days, so the sale was cancelled.`;
    let cancelled = 0;
    for (const row of rows)
      if (await applySaleEvent(tx, row, "payment_timed_out", { now, why })) cancelled += 1;
    return cancelled;
  });

  const leases = await db.transaction(async (tx) => ({
    ended: await endDefaultedLeases(tx, { now, graceDays: LEASE_GRACE_DAYS }),
    late: await disputeLateLeaseTransfers(tx, { now }),
  }));

  const providersTold = await stopProviderBillingOfLeases(deps);
  const lastInstalmentsPriced = await priceLastInstalmentsAtStripe(deps);

  const late = await db
    .select()
    .from(marketplaceTransactions)
    .where(
      sql`${marketplaceTransactions.kind} = 'sale' and ((${marketplaceTransactions.status} = 'awaiting_transfer' and ${marketplaceTransactions.paidAt} <= ${before(now, TRANSFER_DAYS)})
        or (${marketplaceTransactions.status} = 'disputed' and ${marketplaceTransactions.protection} is not null
          and ${marketplaceTransactions.disputedAt} <= ${before(now, GUARANTEE_DISPUTE_DAYS)}))`,
    );
  let refunded = 0;
  for (const row of late) {
    const guaranteed =
      row.status !== "disputed" || PROTECTION_TERMS[row.protection as TProtectionLevel]?.refundGuarantee;
    if (!guaranteed || !row.orderId) continue;
    const reason =
      row.status === "disputed"
        ? `The dispute was not settled within ${GUARANTEE_DISPUTE_DAYS} days (refund guarantee)`
        : `The domain was not transferred within ${TRANSFER_DAYS} days`;
    await refundOrderAsStaff(deps, { staffId: null, orderId: row.orderId, reason });
    refunded += 1;
  }

  const inspected = await db
    .select({ id: marketplaceTransactions.id })
    .from(marketplaceTransactions)
    .where(
      and(
        eq(marketplaceTransactions.status, "inspection"),
        lte(marketplaceTransactions.inspectionEndsAt, now),
      ),
    );
  let completed = 0;
  for (const { id } of inspected) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(marketplaceTransactions)
        .where(and(eq(marketplaceTransactions.id, id), eq(marketplaceTransactions.status, "inspection")))
        .for("update");
      if (row && (await applySaleEvent(tx, row, "inspection_ended", { now, config: options.config })))
        completed += 1;
    });
  }
  return {
    expired,
    cancelled: unpaid,
    refunded,
    completed,
    leasesEnded: leases.ended,
    leasesLate: leases.late,
    providersTold,
    lastInstalmentsPriced,
  };
}
