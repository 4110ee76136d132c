import { and, eq, sql } from "drizzle-orm";
import { centsToDecimal, formatUsd } from "../../../shared/money";
import { affiliates, type ServiceOrder, serviceOrders } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import { recordAudit } from "../audit/audit-log";
import { creditHeldFunds } from "../ledger/held-funds";
import { movedBy } from "../ledger/reverse-credit";
import { notify } from "../notifications/notify";
import { creditRevenue } from "../revenue/reported-revenue";

export const commissionKey = (orderId: string) => `commission:${orderId}`;

/** How far up a referral chain is followed looking for the buyer (chains are a few links long). */
const CHAIN_DEPTH = 32;

/**
 * True when the referrer is the buyer, or was brought in (directly or through others) by the
 * buyer: commission on such an order would be the buyer paying themselves.
 */
async function refersBackToBuyer(tx: Tx, referrerId: string, buyerId: string): Promise<boolean> {
  if (referrerId === buyerId) return true;
  const { rows } = await tx.execute<{ found: boolean }>(sql`
    with recursive chain(user_id, depth) as (
      select ${referrerId}::uuid, 0
      union
      select a.user_id, c.depth + 1 from affiliates a
      join chain c on a.referred_user_id = c.user_id
      where c.depth < ${CHAIN_DEPTH}
    )
    select exists (select 1 from chain where user_id = ${buyerId}::uuid) as found
  `);
  return rows[0]?.found === true;
}

/**
 * True when what paid the order (a card, a PayPal account) also paid one of the referrer's own
 * orders: the referral is the referrer's second account. Both are flagged for staff.
 */
async function paidWithReferrersCard(
  tx: Tx,
  order: Pick<ServiceOrder, "id" | "userId" | "payer">,
  referrerId: string,
): Promise<boolean> {
  if (!order.payer) return false;
  const [same] = await tx
    .select({ id: serviceOrders.id })
    .from(serviceOrders)
    .where(and(eq(serviceOrders.payer, order.payer), eq(serviceOrders.userId, referrerId)))
    .limit(1);
  if (!same) return false;
  const detail = {
    reason: "same payment method",
    referrer: referrerId,
    account: order.userId,
    orderId: order.id,
  };
  for (const userId of [referrerId, order.userId])
    await recordAudit(tx, { userId, event: "self_referral_refused", meta: PAYMENT_META, detail });
  return true;
}

/** How a commission refused at payment appears in the audit log. */
const PAYMENT_META = { address: "payment", userAgent: "referral check" };

/**
 * When a referred user's order is paid, their referrer earns the affiliate's commission rate
 * of the price, rounded to the cent. Paid with real money, it is held for the refund window
 * (docs/money.md) and the affiliate's total grows; paid in the sandbox, it is only recorded, marked
 * `test`, so the programme can be tried without test money entering a balance. Nobody earns on
 * their own purchases, nor on a second account's paid with their own card or PayPal account. Runs
 * in the fulfilment transaction; a replay credits nothing more.
 */
export async function creditReferralCommission(
  tx: Tx,
  order: Pick<ServiceOrder, "id" | "userId" | "price" | "provider" | "payer">,
  options: { holdDays: number },
): Promise<void> {
  // The lock serialises two fulfilments of orders by the same referral, so neither total is lost.
  const [affiliate] = await tx
    .select({ id: affiliates.id, userId: affiliates.userId, rate: affiliates.commissionRate })
    .from(affiliates)
    .where(and(eq(affiliates.referredUserId, order.userId), eq(affiliates.isActive, true)))
    .for("update");
  if (!affiliate) return;
  if (await refersBackToBuyer(tx, affiliate.userId, order.userId)) return;
  if (await paidWithReferrersCard(tx, order, affiliate.userId)) return;

  const sourceKey = commissionKey(order.id);
  const {
    rows: [figures],
  } = await tx.execute<{ amount: string; credited: boolean }>(sql`
    select round(${order.price}::numeric * ${affiliate.rate}::numeric / 100, 2)::text as amount,
           exists (select 1 from revenue_events where source_key = ${sourceKey}) as credited
  `);
  if (figures.credited || Number(figures.amount) <= 0) return;

  const description = `Affiliate commission: ${Number(affiliate.rate)}% of a ${formatUsd(order.price)} order`;
  const metadata = { affiliateId: affiliate.id, orderId: order.id, commissionRate: affiliate.rate };
  if (order.provider === "sandbox") {
    await creditRevenue(tx, [
      {
        userId: affiliate.userId,
        type: "affiliate",
        amount: figures.amount,
        description: `${description} (test payment)`,
        metadata: { ...metadata, test: true },
        sourceKey,
      },
    ]);
    await tellReferrer(tx, affiliate.userId, `${description} (test payment)`);
    return;
  }
  await creditHeldFunds(tx, {
    userId: affiliate.userId,
    kind: "commission",
    revenueType: "affiliate",
    amount: figures.amount,
    holdDays: options.holdDays,
    description,
    metadata,
    sourceKey,
    orderId: order.id,
  });
  await tx
    .update(affiliates)
    .set({ totalCommissions: sql`${affiliates.totalCommissions} + ${figures.amount}::numeric` })
    .where(eq(affiliates.id, affiliate.id));
  await tellReferrer(tx, affiliate.userId, `${description}, held for the refund window.`);
}

const tellReferrer = (tx: Tx, userId: string, body: string) =>
  notify(tx, { userId, kind: "commission_earned", title: "Commission earned", body, href: "/affiliates" });

/** The affiliate whose commission an order earned, when it was paid with real money. */
async function commissionAffiliate(tx: Tx, orderId: string): Promise<string | null> {
  const { rows } = await tx.execute<{ affiliate_id: string | null; test: boolean }>(sql`
    select metadata->>'affiliateId' as affiliate_id, coalesce((metadata->>'test')::boolean, false) as test
    from revenue_events where source_key = ${commissionKey(orderId)}
  `);
  const credit = rows[0];
  return credit && !credit.test ? credit.affiliate_id : null;
}

/**
 * Keeps the affiliate's all-time total in step with what the ledger moved on the commission an
 * order earned (the ledger's own entry of the order effects takes it back or gives it back, by
 * `cause`): a refund or a chargeback lowers it, a won chargeback raises it again. A test
 * commission (sandbox) has no money and no total to move.
 */
export async function followCommission(
  tx: Tx,
  orderId: string,
  cause: string,
  kind: "reversal" | "reinstatement",
): Promise<void> {
  const affiliateId = await commissionAffiliate(tx, orderId);
  if (!affiliateId) return;
  const cents = await movedBy(tx, commissionKey(orderId), cause, kind);
  if (cents === 0) return;
  await tx
    .update(affiliates)
    .set({
      totalCommissions: sql`greatest(${affiliates.totalCommissions} + ${centsToDecimal(cents)}::numeric, 0)`,
    })
    .where(eq(affiliates.id, affiliateId));
}
