import { and, desc, eq, inArray } from "drizzle-orm";
import type { TAdminDispute, TDisputeDecision } from "../../../shared/api/admin/sales";
import type { TTransactionStatus } from "../../../shared/api/marketplace/deals";
import { sellerProceedsCents } from "../../../shared/marketplace-deals";
import { centsToDecimal, formatUsd, toCents } from "../../../shared/money";
import {
  type Domain,
  domains,
  type MarketplaceTransaction,
  marketplaceTransactions,
  users,
} from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { RequestMeta } from "../../http/request-meta";
import { type SaleConfigFields, saleConfigOf } from "../marketplace/sale-config";
import {
  buyerTxtValue,
  disputedSale,
  paidOrdersOfSale,
  releaseDisputedSale,
  statementsOf,
} from "../marketplace/transactions.service";
import { recordStaffAction } from "./staff-gate";
import { refundOrderAsStaff, type StaffRefundDeps } from "./staff-refund";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A copy of the name as stored, for the evidence. */
function nameState(d: Domain | undefined): TAdminDispute["transfer"]["sellerCopy"] {
  if (!d) return null;
  return {
    status: d.status,
    verifiedAt: iso(d.verifiedAt),
    verifiedBy: d.verifiedBy,
    checkedAt: iso(d.verificationCheckedAt),
    failingSince: iso(d.verificationFailingSince),
  };
}

/** What staff see of one disputed sale: both sides, both statements, the transfer evidence and the money. */
function disputeView(
  row: MarketplaceTransaction,
  emails: Map<string, string>,
  copies: { seller?: Domain; buyer?: Domain },
): TAdminDispute {
  const kept = Math.max(0, toCents(row.amount) - toCents(row.refundedAmount));
  return {
    id: row.id,
    domainName: row.domainName,
    kind: row.kind === "lease" ? "lease" : "sale",
    status: row.status as TTransactionStatus,
    amount: row.amount,
    refunded: row.refundedAmount,
    sellerProceedsIfReleased:
      row.testMoney || row.kind === "lease"
        ? "0.00"
        : centsToDecimal(sellerProceedsCents(kept, Number(row.commissionPercent))),
    commissionPercent: row.commissionPercent,
    testMoney: row.testMoney,
    buyer: { id: row.buyerId, email: emails.get(row.buyerId) ?? null },
    seller: { id: row.sellerId, email: emails.get(row.sellerId) ?? null },
    protection: row.protection,
    paidAt: iso(row.paidAt),
    disputedAt: iso(row.disputedAt),
    disputeReason: row.disputeReason,
    statements: statementsOf(row),
    transfer: {
      txtRecord: { name: row.domainName, value: buyerTxtValue(row.buyerToken) },
      provenAt: iso(row.transferredAt),
      inspectionEndsAt: iso(row.inspectionEndsAt),
      sellerCopy: nameState(copies.seller),
      buyerCopy: nameState(copies.buyer),
    },
    partRefundable: row.kind !== "lease" && Boolean(row.orderId),
  };
}

/** The disputed sales, latest dispute first, each with what staff need to decide it. */
export async function listDisputes(db: Db): Promise<TAdminDispute[]> {
  const rows = await db
    .select()
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.status, "disputed"))
    .orderBy(desc(marketplaceTransactions.disputedAt))
    .limit(200);
  if (rows.length === 0) return [];
  const people = [...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]))];
  const emails = new Map(
    (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, people))).map(
      (u) => [u.id, u.email],
    ),
  );
  const copies = await db
    .select()
    .from(domains)
    .where(
      and(
        inArray(domains.userId, people),
        inArray(
          domains.name,
          rows.map((r) => r.domainName),
        ),
      ),
    );
  const copyOf = (userId: string, name: string) => copies.find((d) => d.userId === userId && d.name === name);
  return rows.map((r) =>
    disputeView(r, emails, {
      seller: (r.domainId && copies.find((d) => d.id === r.domainId)) || copyOf(r.sellerId, r.domainName),
      buyer: copyOf(r.buyerId, r.domainName),
    }),
  );
}

/** What deciding a dispute needs of the app: a staff refund's, and the sale terms. */
export type DecisionDeps = StaffRefundDeps & { config: SaleConfigFields };
interface Decision {
  staffId: string;
  id: string;
  reason: string;
  meta: RequestMeta;
}

const decided = async (db: Db, id: string): Promise<TDisputeDecision> => {
  const [row] = await db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.id, id));
  return { id, status: row.status as TTransactionStatus, refunded: row.refundedAmount };
};

/** For the seller: the sale completes, the name moves, the seller is credited what is kept less commission. */
export async function releaseDispute(deps: DecisionDeps, d: Decision): Promise<TDisputeDecision> {
  await releaseDisputedSale({
    db: deps.db,
    id: d.id,
    config: saleConfigOf(deps.config),
    audit: (tx) =>
      recordStaffAction(tx, d.meta, {
        staffId: d.staffId,
        action: "sale.released",
        object: { kind: "marketplace_transaction", id: d.id },
        detail: { reason: d.reason },
      }),
  });
  return decided(deps.db, d.id);
}

/** For the buyer: every payment of the sale is refunded in whole through its provider; the seller is owed nothing. */
export async function refundDispute(deps: DecisionDeps, d: Decision): Promise<TDisputeDecision> {
  const row = await disputedSale(deps.db, d.id);
  const orders = await paidOrdersOfSale(deps.db, row);
  if (orders.length === 0) throw new AppError("CONFLICT", "This sale has no payment to refund.");
  for (const orderId of orders)
    await refundOrderAsStaff(deps, { staffId: d.staffId, orderId, reason: d.reason });
  await recordStaffAction(deps.db, d.meta, {
    staffId: d.staffId,
    action: "sale.refunded",
    object: { kind: "marketplace_transaction", id: row.id },
    detail: { reason: d.reason },
  });
  return decided(deps.db, d.id);
}

/**
 * Split: `amount` of the buyer's payment is refunded through its provider (the sale's machine
 * records the part), then the sale is released, so the seller is credited what is kept less
 * commission (pro rata: $300 of $1,000 refunded leaves 85% of $700). Less than what is left to
 * refund; the whole is the refund decision. A lease's many payments are refunded in whole or released.
 */
export async function partlyRefundDispute(
  deps: DecisionDeps,
  d: Decision & { amount: string },
): Promise<TDisputeDecision> {
  const row = await disputedSale(deps.db, d.id);
  if (row.kind === "lease" || !row.orderId)
    throw new AppError("CONFLICT", "A lease is refunded in whole or released, not split.");
  const left = toCents(row.amount) - toCents(row.refundedAmount);
  if (toCents(d.amount) >= left)
    throw new AppError(
      "UNPROCESSABLE",
      `A part refund is less than the ${formatUsd(centsToDecimal(left))} left; refund the buyer in whole instead.`,
    );
  const reason = `${d.reason} (part refund, the rest released to the seller)`;
  await refundOrderAsStaff(deps, { staffId: d.staffId, orderId: row.orderId, amount: d.amount, reason });
  return releaseDispute(deps, { ...d, reason });
}
