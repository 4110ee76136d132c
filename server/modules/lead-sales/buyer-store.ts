import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type {
  ConfiguredLeadBuyer,
  TBuyerSchedule,
  TLeadBuyer,
  TLeadBuyerValues,
} from "../../../shared/api/lead-sales";
import { leadBuyers } from "../../../shared/schema";
import { isoTime } from "../../db/iso-time";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { createSecretBox, type KeyEntry, type SecretBox } from "../../lib/secret-box";

/** The keys that encrypt buyers' secrets at rest (the same configured keys as authenticator secrets). */
export const createBuyerSecrets = (entries: KeyEntry[]): SecretBox =>
  createSecretBox(entries, "parkpilot lead buyer secret");

/** A buyer as a sale uses it: where to call, how to sign, what it pays. */
export interface SaleBuyer {
  id: string;
  name: string;
  pingUrl: string;
  postUrl: string;
  secret: string;
  priceModel: "fixed" | "bid";
  fixedPrice: string | null;
  /** Whether a daily or monthly cap limits it (then its posts are counted under its lock). */
  capped: boolean;
}

type BuyerRow = {
  id: string;
  name: string;
  ping_url: string;
  post_url: string;
  secret: string;
  secret_key_id: string;
  price_model: "fixed" | "bid";
  fixed_price: string | null;
  capped: boolean;
};

const saleBuyer = (box: SecretBox, row: BuyerRow): SaleBuyer => ({
  id: row.id,
  name: row.name,
  pingUrl: row.ping_url,
  postUrl: row.post_url,
  secret: box.open(row.secret, row.secret_key_id, row.id),
  priceModel: row.price_model,
  fixedPrice: row.fixed_price,
  capped: row.capped,
});

/** True when `now` falls in the schedule's days and hours, in its time zone. */
export function withinSchedule(schedule: TBuyerSchedule | null, now = new Date()): boolean {
  if (!schedule) return true;
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: schedule.timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part("weekday"));
  const clock = `${part("hour")}:${part("minute")}`;
  return schedule.days.includes(day) && clock >= schedule.from && clock < schedule.to;
}

/**
 * The active buyers whose filters take a lead in `state` and `zipCode`, within their schedule,
 * that were not offered this lead before (a buyer is offered a lead once). Caps are checked again
 * when the post is reserved.
 */
export async function eligibleBuyers(
  db: DbOrTx,
  box: SecretBox,
  lead: { id: string; state: string; zipCode: string },
): Promise<SaleBuyer[]> {
  const { rows } = await db.execute<BuyerRow & { schedule: TBuyerSchedule | null }>(sql`
    select b.id, b.name, b.ping_url, b.post_url, b.secret, b.secret_key_id, b.price_model,
      b.fixed_price::text as fixed_price, b.schedule,
      (b.daily_cap is not null or b.monthly_cap is not null) as capped
    from lead_buyers b
    where b.active
      and (cardinality(b.states) = 0 or ${lead.state} = any(b.states))
      and (cardinality(b.zip_prefixes) = 0 or exists (
        select 1 from unnest(b.zip_prefixes) p where starts_with(${lead.zipCode}, p)))
      and not exists (select 1 from lead_deliveries d where d.lead_id = ${lead.id} and d.buyer_id = b.id)
    order by b.created_at, b.id
  `);
  return rows.filter((row) => withinSchedule(row.schedule)).map((row) => saleBuyer(box, row));
}

/** One buyer by id, with its secret opened (a resumed post, a signed return). */
export async function saleBuyerById(db: DbOrTx, box: SecretBox, id: string): Promise<SaleBuyer | null> {
  const { rows } = await db.execute<BuyerRow>(sql`
    select id, name, ping_url, post_url, secret, secret_key_id, price_model, fixed_price::text as fixed_price,
      (daily_cap is not null or monthly_cap is not null) as capped
    from lead_buyers where id = ${id}
  `);
  return rows[0] ? saleBuyer(box, rows[0]) : null;
}

/** Whether any buyer is active: with none, the sandbox buyer (development, tests) or nobody buys. */
export async function hasActiveBuyer(db: DbOrTx): Promise<boolean> {
  const { rows } = await db.execute<{ any: boolean }>(
    sql`select exists (select 1 from lead_buyers where active) as any`,
  );
  return rows[0].any;
}

/**
 * Writes the buyers `LEAD_BUYERS` gives into the table (by name), so that they are logged and
 * shown like the others; a configured buyer no longer in the list is paused.
 */
export async function syncConfiguredBuyers(
  db: Db,
  box: SecretBox,
  configured: ConfiguredLeadBuyer[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lead-buyers-sync'))`);
    for (const buyer of configured) {
      const existing = await tx.execute<{ id: string }>(
        sql`select id from lead_buyers where lower(name) = lower(${buyer.name})`,
      );
      const id = existing.rows[0]?.id ?? randomUUID();
      const { sealed, keyId } = box.seal(buyer.secret, id);
      const values = {
        name: buyer.name,
        pingUrl: buyer.pingUrl,
        postUrl: buyer.postUrl,
        secret: sealed,
        secretKeyId: keyId,
        priceModel: "bid",
        fixedPrice: null,
        states: buyer.states ?? [],
        zipPrefixes: [],
        dailyCap: buyer.dailyCap ?? null,
        monthlyCap: null,
        schedule: null,
        active: true,
        source: "config",
        updatedAt: new Date(),
      };
      await tx
        .insert(leadBuyers)
        .values({ id, ...values })
        .onConflictDoUpdate({ target: leadBuyers.id, set: values });
    }
    const names = configured.map((b) => b.name.toLowerCase());
    await tx.execute(sql`
      update lead_buyers set active = false, updated_at = now()
      where source = 'config' and active and not (lower(name) = any(${sql.param(names)}::text[]))
    `);
  });
}

/** Every buyer with what it bought today and this month (UTC), for the console. */
export async function listBuyers(db: DbOrTx): Promise<TLeadBuyer[]> {
  const { rows } = await db.execute<TLeadBuyer & Record<string, unknown>>(sql`
    select b.id, b.name, b.ping_url as "pingUrl", b.post_url as "postUrl", b.price_model as "priceModel",
      b.fixed_price::text as "fixedPrice", b.states, b.zip_prefixes as "zipPrefixes",
      b.daily_cap as "dailyCap", b.monthly_cap as "monthlyCap", b.schedule, b.active, b.source,
      b.billing_email as "billingEmail",
      (select count(*)::int from lead_deliveries d where d.buyer_id = b.id and d.status = 'accepted'
        and d.created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as "soldToday",
      (select count(*)::int from lead_deliveries d where d.buyer_id = b.id and d.status = 'accepted'
        and d.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC') as "soldThisMonth",
      ${isoTime(sql`b.created_at`)} as "createdAt"
    from lead_buyers b order by b.active desc, lower(b.name)
  `);
  return rows;
}

const buyerColumns = (values: TLeadBuyerValues) => ({
  name: values.name,
  pingUrl: values.pingUrl,
  postUrl: values.postUrl,
  priceModel: values.priceModel,
  fixedPrice: values.priceModel === "fixed" ? (values.fixedPrice ?? null) : null,
  states: [...new Set(values.states)],
  zipPrefixes: [...new Set(values.zipPrefixes)],
  dailyCap: values.dailyCap ?? null,
  monthlyCap: values.monthlyCap ?? null,
  schedule: values.schedule ?? null,
  active: values.active,
  billingEmail: values.billingEmail ?? null,
});

async function nameTaken(db: DbOrTx, name: string, exceptId?: string): Promise<void> {
  const { rows } = await db.execute(
    sql`select 1 from lead_buyers where lower(name) = lower(${name}) and id is distinct from ${exceptId ?? null}::uuid`,
  );
  if (rows.length > 0) throw new AppError("CONFLICT", "A buyer with this name exists already.");
}

/** Adds a buyer; its secret is stored encrypted, bound to its id. */
export async function createBuyer(db: Db, box: SecretBox, values: TLeadBuyerValues): Promise<{ id: string }> {
  if (!values.secret) {
    throw new AppError("BAD_REQUEST", "Give the buyer a secret of 16+ characters");
  }
  await nameTaken(db, values.name);
  const id = randomUUID();
  const { sealed, keyId } = box.seal(values.secret, id);
  await db.insert(leadBuyers).values({ id, ...buyerColumns(values), secret: sealed, secretKeyId: keyId });
  return { id };
}

/** Edits a staff-added buyer; a secret left out stays as it is. Configured buyers are edited in LEAD_BUYERS, but may be paused and given a billing email. */
export async function updateBuyer(
  db: Db,
  box: SecretBox,
  id: string,
  values: TLeadBuyerValues,
): Promise<void> {
  const { rows } = await db.execute<{ source: string }>(sql`select source from lead_buyers where id = ${id}`);
  const buyer = rows[0];
  if (!buyer) throw notFound("Buyer");
  if (buyer.source === "config") {
    await db.execute(sql`update lead_buyers set active = ${values.active},
      billing_email = ${values.billingEmail ?? null}, updated_at = now() where id = ${id}`);
    return;
  }
  await nameTaken(db, values.name, id);
  const secret = values.secret ? box.seal(values.secret, id) : null;
  await db.execute(sql`
    update lead_buyers set name = ${values.name}, ping_url = ${values.pingUrl}, post_url = ${values.postUrl},
      price_model = ${values.priceModel}, fixed_price = ${buyerColumns(values).fixedPrice}::numeric,
      states = ${sql.param(buyerColumns(values).states)}::text[],
      zip_prefixes = ${sql.param(buyerColumns(values).zipPrefixes)}::text[],
      daily_cap = ${values.dailyCap ?? null}::int, monthly_cap = ${values.monthlyCap ?? null}::int,
      schedule = ${values.schedule ? JSON.stringify(values.schedule) : null}::jsonb, active = ${values.active},
      billing_email = ${values.billingEmail ?? null},
      ${secret ? sql`secret = ${secret.sealed}, secret_key_id = ${secret.keyId},` : sql``}
      updated_at = now()
    where id = ${id}
  `);
}
