import { sql } from "drizzle-orm";
import pMap from "p-map";
import { formatUsd, toCents } from "../../../shared/money";
import { leadBuyerCalls } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { creditHeldFunds } from "../ledger/held-funds";
import { notify } from "../notifications/notify";
import { type CallResult, pingBuyer, postToBuyer } from "./buyer-client";
import { eligibleBuyers, hasActiveBuyer, type SaleBuyer, saleBuyerById } from "./buyer-store";
import { type LeadSales, SALE_LEASE_SECONDS } from "./lead-sales";
import { ownerShare, priceForShare } from "./share";

/** The key of a lead's owner credit in the ledger (one credit per lead, whoever bought it). */
export const leadSourceKey = (leadId: string) => `lead:${leadId}`;
/** The key a post carries: the same for every try of one lead to one buyer. */
export const deliveryKey = (leadId: string, buyerId: string) => `lead:${leadId}:buyer:${buyerId}`;

export const SANDBOX_BUYER_NAME = "Sandbox buyer (test mode)";

type SaleLead = {
  id: string;
  email: string;
  zip_code: string;
  city: string;
  state: string;
  source: string;
  domain_id: string | null;
  domain_name: string | null;
  owner_id: string | null;
  consent: Record<string, unknown> | null;
};

type Logged = CallResult & { buyerId: string; kind: "ping" | "post" };

const leaseSql = sql`now() + make_interval(secs => ${SALE_LEASE_SECONDS})`;

/** Takes the lead for this run when its sale is pending and nobody holds it (or the holder's lease ran out). */
async function claimLead(db: DbOrTx, leadId: string, alreadyClaimed: boolean): Promise<SaleLead | null> {
  const claim = alreadyClaimed
    ? sql`update leads set sale_claimed_until = ${leaseSql} where id = ${leadId} and sale_status = 'pending'`
    : sql`update leads set sale_claimed_until = ${leaseSql} where id = ${leadId} and sale_status = 'pending'
        and (sale_claimed_until is null or sale_claimed_until < now())`;
  const { rows } = await db.execute<SaleLead>(sql`
    with claimed as (${claim} returning *)
    select l.id, l.email, l.zip_code, l.city, l.state, l.source, l.domain_id, d.name as domain_name,
      -- A leased domain's leads earn for its lessee while the lease runs (docs/marketplace.md#lease-to-own).
      coalesce(lease.buyer_id, d.user_id) as owner_id, l.consent
    from claimed l left join domains d on d.id = l.domain_id
    left join marketplace_transactions lease on lease.domain_id = d.id and lease.kind = 'lease'
      and lease.status = 'leasing'
  `);
  return rows[0] ?? null;
}

/**
 * Reserves the post of a lead to a buyer: one row per lead and buyer, so a buyer is never posted a
 * lead twice. Under the buyer's lock its daily and monthly caps are counted, posts in flight
 * included. False when the buyer is full or was offered the lead before.
 */
async function reservePost(db: DbOrTx, leadId: string, buyer: SaleBuyer, price: string): Promise<boolean> {
  const insert = sql`
    insert into lead_deliveries (lead_id, buyer_id, status, price)
    select ${leadId}, b.id, 'posting', ${price}::numeric from lead_buyers b
    where b.id = ${buyer.id}
      and (b.daily_cap is null or b.daily_cap > (select count(*) from lead_deliveries d
        where d.buyer_id = b.id and d.status in ('posting', 'accepted')
          and d.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'))
      and (b.monthly_cap is null or b.monthly_cap > (select count(*) from lead_deliveries d
        where d.buyer_id = b.id and d.status in ('posting', 'accepted')
          and d.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'))
    on conflict do nothing
    returning lead_id
  `;
  // An uncapped buyer needs no count, so no lock: one statement.
  if (!buyer.capped) return (await db.execute(insert)).rows.length > 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-buyer:${buyer.id}`}))`);
    return (await tx.execute(insert)).rows.length > 0;
  });
}

/** The full lead as the post carries it, consent record included. */
function postBody(lead: SaleLead, price: string): Record<string, unknown> {
  return {
    leadId: lead.id,
    email: lead.email,
    zipCode: lead.zip_code,
    state: lead.state,
    city: lead.city,
    source: lead.source,
    price,
    consent: lead.consent,
  };
}

/**
 * Records the sale: the lead sold to the buyer at the price, the owner credited its share as held
 * funds (pending for the returns window) and told. Once: a lead already sold changes nothing.
 */
async function recordSale(
  sales: LeadSales,
  lead: SaleLead,
  sale: { buyerId: string | null; buyerName: string; price: string; buyerLeadId?: string },
): Promise<boolean> {
  const { settings } = sales;
  const share = lead.owner_id ? ownerShare(sale.price, settings.sharePercent) : "0.00";
  return sales.db.transaction(async (tx) => {
    if (sale.buyerId) {
      await tx.execute(sql`update lead_deliveries set status = 'accepted'
        where lead_id = ${lead.id} and buyer_id = ${sale.buyerId}`);
    }
    const { rows } = await tx.execute(sql`
      update leads set sale_status = 'sold', buyer_id = ${sale.buyerId}::uuid, buyer_name = ${sale.buyerName},
        sale_price = ${sale.price}::numeric, buyer_lead_id = ${sale.buyerLeadId ?? null}, sold_at = now(),
        value = ${share}::numeric, sale_claimed_until = null
      where id = ${lead.id} and sale_status = 'pending'
      returning id
    `);
    if (rows.length === 0) return false;
    if (!lead.owner_id || !lead.domain_id || toCents(share) === 0) return true;
    const creditText = `${formatUsd(share)} (your ${settings.sharePercent}% of its sale) is credited to your balance`;
    // A buyer's money arrives with its monthly invoice; the sandbox buyer's is test money, settled at once.
    const held = sale.buyerId
      ? ` and becomes available once the buyer has paid the month's invoice${settings.holdDays > 0 ? ` and the ${settings.holdDays}-day hold has ended` : ""}`
      : settings.holdDays > 0
        ? ` and becomes available in ${settings.holdDays} days`
        : "";
    const body = `Someone near ${lead.city}, ${lead.state} asked for insurance quotes on ${lead.domain_name}. ${creditText}${held}.`;
    await notify(
      tx,
      {
        userId: lead.owner_id,
        kind: "lead_captured",
        title: `New lead on ${lead.domain_name}`,
        href: "/dashboard",
        body,
      },
      { mailer: sales.mailer, subject: `New lead on ${lead.domain_name}`, body },
    );
    // Last: the credit locks the owner's balance row, which every lead of theirs waits for.
    await creditHeldFunds(tx, {
      userId: lead.owner_id,
      domainId: lead.domain_id,
      kind: "lead",
      revenueType: "lead",
      amount: share,
      holdDays: settings.holdDays,
      description: `Insurance lead on ${lead.domain_name}`,
      metadata: { leadId: lead.id, zipCode: lead.zip_code, salePrice: sale.price, buyer: sale.buyerName },
      sourceKey: leadSourceKey(lead.id),
      awaiting: sale.buyerId ? "buyer_payment" : undefined,
    });
    return true;
  });
}

async function markUnsold(db: DbOrTx, leadId: string): Promise<void> {
  await db.execute(sql`update leads set sale_status = 'unsold', sale_claimed_until = null
    where id = ${leadId} and sale_status = 'pending'`);
}

async function saveLog(db: DbOrTx, leadId: string, calls: Logged[]): Promise<void> {
  if (calls.length === 0) return;
  await db.insert(leadBuyerCalls).values(
    calls.map((c) => ({
      buyerId: c.buyerId,
      leadId,
      kind: c.kind,
      outcome: c.outcome,
      bid: c.bid ?? null,
      detail: c.detail ?? (c.buyerLeadId ? `Buyer's lead id ${c.buyerLeadId}` : null),
      durationMs: c.durationMs,
    })),
  );
}

/**
 * Posts the lead to one buyer at its price and settles the delivery. True when the buyer accepted
 * (the sale is recorded), false when it rejected or failed (the next bidder's turn).
 */
async function offerTo(
  sales: LeadSales,
  lead: SaleLead,
  buyer: SaleBuyer,
  price: string,
  log: Logged[],
): Promise<boolean> {
  const { db, settings, circuits } = sales;
  // The claim is renewed before every post but the first (taken with a fresh claim).
  if (log.some((call) => call.kind === "post")) {
    await db.execute(sql`update leads set sale_claimed_until = ${leaseSql} where id = ${lead.id}`);
  }
  const result = await postToBuyer(circuits, buyer, postBody(lead, price), {
    idempotencyKey: deliveryKey(lead.id, buyer.id),
    timeoutMs: settings.postTimeoutMs,
  });
  log.push({ ...result, buyerId: buyer.id, kind: "post", bid: price });
  if (result.outcome === "accepted") {
    await recordSale(sales, lead, {
      buyerId: buyer.id,
      buyerName: buyer.name,
      price,
      buyerLeadId: result.buyerLeadId,
    });
    return true;
  }
  await db.execute(sql`update lead_deliveries set status = ${result.outcome === "rejected" ? "rejected" : "failed"}
    where lead_id = ${lead.id} and buyer_id = ${buyer.id} and status = 'posting'`);
  return false;
}

/**
 * Sells a stored lead by ping-post (docs/money.md#lead-sales): every eligible buyer is pinged in
 * parallel without personal data and given the ping timeout; the bids are tried from the highest
 * down, each buyer posted the full lead once, until one accepts. A post cut short by a crash is
 * sent again first, with its idempotency key. With no active buyer, the sandbox buyer (when
 * configured) buys it, else it stays unsold and credits nothing. Safe to run twice at once: the
 * lead's claim lets one run sell it.
 */
export async function sellLead(
  sales: LeadSales,
  leadId: string,
  options: { claimed?: boolean } = {},
): Promise<"sold" | "unsold" | "busy"> {
  const { db, settings } = sales;
  await sales.ready();
  const lead = await claimLead(db, leadId, options.claimed ?? false);
  if (!lead) return "busy";
  const log: Logged[] = [];
  try {
    // A lead the request just stored has no post in flight; a resumed one may.
    if (!options.claimed) {
      const { rows: unfinished } = await db.execute<{ buyer_id: string; price: string }>(sql`
        select buyer_id, price::text as price from lead_deliveries
        where lead_id = ${lead.id} and status = 'posting' order by price desc`);
      for (const post of unfinished) {
        const buyer = await saleBuyerById(db, sales.secrets, post.buyer_id);
        if (buyer && (await offerTo(sales, lead, buyer, post.price, log))) return "sold";
      }
    }
    const buyers = await eligibleBuyers(db, sales.secrets, {
      id: lead.id,
      state: lead.state,
      zipCode: lead.zip_code,
    });
    if (buyers.length === 0 && !(await hasActiveBuyer(db))) {
      if (settings.sandboxCredit === null) {
        await markUnsold(db, lead.id);
        return "unsold";
      }
      const price = priceForShare(settings.sandboxCredit, settings.sharePercent);
      await recordSale(sales, lead, { buyerId: null, buyerName: SANDBOX_BUYER_NAME, price });
      return "sold";
    }
    const ping = { leadId: lead.id, zipCode: lead.zip_code, state: lead.state, source: lead.source };
    const answers = await Promise.all(
      buyers.map(async (buyer) => {
        const result = await pingBuyer(sales.circuits, buyer, ping, settings.pingTimeoutMs);
        log.push({ ...result, buyerId: buyer.id, kind: "ping" });
        return { buyer, result };
      }),
    );
    const bids = answers
      .filter((a) => a.result.outcome === "bid" && a.result.bid)
      .sort((a, b) => toCents(b.result.bid as string) - toCents(a.result.bid as string));
    for (const { buyer, result } of bids) {
      const price = result.bid as string;
      if (!(await reservePost(db, lead.id, buyer, price))) {
        log.push({
          outcome: "skipped",
          detail: "Cap reached",
          durationMs: 0,
          buyerId: buyer.id,
          kind: "post",
          bid: price,
        });
        continue;
      }
      if (await offerTo(sales, lead, buyer, price, log)) return "sold";
    }
    await markUnsold(db, lead.id);
    return "unsold";
  } finally {
    await saveLog(db, lead.id, log).catch((err) =>
      sales.logger.error({ err, leadId }, "lead buyer log not saved"),
    );
  }
}

/**
 * Sales under way at once in one process: each mostly waits on buyers' answers, and each of its
 * statements takes a connection that visitors' requests share (the pool holds 20).
 */
export const SALES_AT_ONCE = 4;

/**
 * Sells each lead, `SALES_AT_ONCE` at a time, and answers each one's outcome. Every sale is tried
 * whatever happens to the others; failures are thrown together (an AggregateError) once all have
 * ended: the queue tries the batch again, and a sale already made answers "busy".
 */
export function sellEach(sales: LeadSales, leadIds: string[]): Promise<("sold" | "unsold" | "busy")[]> {
  return pMap(leadIds, (id) => sellLead(sales, id), { concurrency: SALES_AT_ONCE, stopOnError: false });
}

/**
 * Sells the leads whose sale was cut short (a crash, a restart, a failure): pending leads whose
 * claim ran out, oldest first, `SALES_AT_ONCE` at a time.
 */
export async function resumePendingSales(
  sales: LeadSales,
  options: { limit?: number } = {},
): Promise<{ sold: number; unsold: number }> {
  const { rows } = await sales.db.execute<{ id: string }>(sql`
    select id from leads where sale_status = 'pending' and (sale_claimed_until is null or sale_claimed_until < now())
    order by created_at limit ${options.limit ?? 500}
  `);
  const counts = { sold: 0, unsold: 0 };
  for (const outcome of await sellEach(
    sales,
    rows.map((r) => r.id),
  ))
    if (outcome !== "busy") counts[outcome]++;
  return counts;
}
