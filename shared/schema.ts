/**
 * The database, table by table. Money is `numeric(12,2)` (a decimal string in JS), times are
 * `timestamptz`. Every user-owned row carries `user_id`, and every query of it is scoped by it.
 * `drizzle-kit generate` turns changes here into SQL under `migrations/`.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { ACCOUNT_EVENT_KINDS } from "./account-events";
import { NOTIFICATION_KIND_LIST } from "./api/notifications";

const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const rowId = () => uuid("id").primaryKey().defaultRandom();
/** A user's row: it goes when the account goes. */
const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
/** A row about a domain: it goes when the domain goes. */
const domainRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => domains.id, { onDelete: "cascade" });

/** Accounts. Usernames and emails are unique case-insensitively. */
export const users = pgTable(
  "users",
  {
    id: rowId(),
    name: text("name").notNull(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** IANA zone; "today" and "hour of day" are computed in it. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** `free` until a paid account-plan order says otherwise. */
    plan: text("plan").notNull().default("free"),
    /** The user's personal referral code (`/login?ref=CODE`). */
    referralCode: text("referral_code").notNull(),
    referredBy: uuid("referred_by"),
    notifyRevenue: boolean("notify_revenue").notNull().default(true),
    notifyExpiry: boolean("notify_expiry").notNull().default(true),
    notifyAffiliate: boolean("notify_affiliate").notNull().default(false),
    /** Opted in to the weekly email of promoted marketplace listings. */
    listingsNewsletter: boolean("listings_newsletter").notNull().default(false),
    /** The week (its Monday, "2026-11-23") of the last listings newsletter sent to the user. */
    listingsNewsletterWeek: text("listings_newsletter_week"),
    minPayout: money("min_payout").notNull().default("50.00"),
    payoutFrequency: text("payout_frequency").notNull().default("weekly"),
    autoPayout: boolean("auto_payout").notNull().default(true),
    /** `user`, or `staff` (granted from the command line): staff read every account's audit log. */
    role: text("role").notNull().default("user"),
    /** Premium 2FA: every password sign-in needs a second factor, which cannot all be removed. */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    /** Set by staff (the operator console): no sign-in, no API key, no payout until restored. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** Why, as staff wrote it; shown to staff, not to the user. */
    suspendReason: text("suspend_reason"),
    /**
     * When the owner last proved `email` by opening a link mailed to it; null until then (and for
     * accounts made before addresses were confirmed). Only a confirmed address is made staff by ADMIN_EMAILS.
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    // One account per proven address. Unproven, a listed staff address may be held by two
    // accounts until one proves it (server/modules/auth/email-confirm.ts releases the other).
    uniqueIndex("users_email_lower_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null`),
    uniqueIndex("users_referral_code_idx").on(t.referralCode),
  ],
);

/** connect-pg-simple's table, created by migration rather than at run time. */
export const sessions = pgTable(
  "session",
  {
    sid: varchar("sid").primaryKey(),
    sess: json("sess").notNull(),
    expire: timestamp("expire", { precision: 6 }).notNull(),
  },
  (t) => [
    index("IDX_session_expire").on(t.expire),
    index("session_user_idx").on(sql`(${t.sess}->>'userId')`),
  ],
);

/** rate-limiter-flexible's Postgres store, shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/** Parked domains. A name is parked by one owner on the whole platform. */
export const domains = pgTable(
  "domains",
  {
    id: rowId(),
    userId: userRef("user_id"),
    name: text("name").notNull(),
    status: text("status").notNull().default("active"),
    adNetwork: text("ad_network").notNull().default("adsense"),
    nameservers: text("nameservers").notNull().default(""),
    parkingTemplate: text("parking_template").notNull().default("standard"),
    registrationDate: timestamp("registration_date", { withTimezone: true }).notNull().defaultNow(),
    expiryDate: timestamp("expiry_date", { withTimezone: true }),
    /** Asking price when listed on the marketplace; null means not listed. */
    marketplacePrice: money("marketplace_price"),
    listedAt: timestamp("listed_at", { withTimezone: true }),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    soldPrice: money("sold_price"),
    /** Offers below it are declined at once; null accepts any offer for the seller to answer. */
    offerFloor: money("offer_floor"),
    purchasePrice: money("purchase_price"),
    renewalCost: money("renewal_cost"),
    /** Proof of ownership (docs/security.md#domain-ownership): the TXT record's value is `parkpilot-verify=<token>`. */
    verificationToken: text("verification_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Set while ownership is proven; null means `pending` (unverified). */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** How it was proven: "txt" or "ns". */
    verifiedBy: text("verified_by"),
    /**
     * The nameserver pair this row's NS records must name, exactly, to prove it (its account's,
     * from `nameserver_assignments`); empty when no pair was left for the name (the TXT record
     * alone proves it); null until the start-up step gives a row from before pairs one.
     */
    verificationNameservers: text("verification_nameservers").array(),
    /**
     * What proves this copy (server/modules/domains/ownership-proof.ts): "any" (TXT or its pair),
     * "txt" (its NS named the platform's nameservers before it was added), "both" (another account
     * held the name verified when it was added); null until a first NS lookup answered.
     */
    verificationRule: text("verification_rule"),
    verificationCheckedAt: timestamp("verification_checked_at", { withTimezone: true }),
    /** The first of an unbroken run of failed checks of a verified domain; 3 days of it lapse it. */
    verificationFailingSince: timestamp("verification_failing_since", { withTimezone: true }),
    /** While listed, whether the parked page shows the price with Buy now and Make offer (the owner may turn it off). */
    saleBanner: boolean("sale_banner").notNull().default(true),
    /** Visits counted on the parked page while it showed the listing's price (the for-sale lander's views). */
    landerViews: integer("lander_views").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // A verified name has one owner on the whole platform; unverified, several accounts may
    // hold it until one of them proves ownership (the others are then released).
    uniqueIndex("domains_verified_name_idx").on(t.name).where(sql`${t.verifiedAt} is not null`),
    uniqueIndex("domains_user_name_idx").on(t.userId, t.name),
    // The key of a domain with its owner, which rows of the owner's about the domain reference.
    uniqueIndex("domains_id_user_idx").on(t.id, t.userId),
    index("domains_name_idx").on(t.name),
    index("domains_unverified_idx").on(t.createdAt).where(sql`${t.verifiedAt} is null`),
    index("domains_user_idx").on(t.userId, t.createdAt),
    index("domains_listed_idx").on(t.listedAt).where(sql`${t.marketplacePrice} is not null`),
  ],
);

/**
 * Every nameserver pair ever given for a name, and to which account: a pair is given to one
 * account per name, forever, so records that one account published never prove the name for
 * another, even after its copy is deleted or lapses (or the account is closed: the row stays,
 * its account null, and the pair is retired for that name).
 */
export const nameserverAssignments = pgTable(
  "nameserver_assignments",
  {
    id: rowId(),
    name: text("name").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** In the order `canonicalHosts` gives, so equal pairs are equal arrays. */
    nameservers: text("nameservers").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("nameserver_assignments_name_pair_idx").on(t.name, t.nameservers),
    uniqueIndex("nameserver_assignments_name_user_idx").on(t.name, t.userId),
  ],
);

/**
 * One network's report for one domain and day; re-importing the day replaces it. `userId` is the
 * domain's owner: one key (domain and owner) checks both on each of the millions of rows a
 * connected network writes, and the rows go with the domain, as the domain goes with its owner.
 */
export const parkingReports = pgTable(
  "parking_reports",
  {
    userId: uuid("user_id").notNull(),
    domainId: uuid("domain_id").notNull(),
    network: text("network").notNull(),
    day: date("day").notNull(),
    visitors: integer("visitors").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    revenue: money("revenue").notNull(),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
    /** A connected network's figure in its own currency, when not USD, and the rate that converted it. */
    currency: text("currency").notNull().default("USD"),
    reportedAmount: numeric("reported_amount", { precision: 14, scale: 4 }),
    rateSource: text("rate_source"),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.network, t.day] }),
    index("parking_reports_user_day_idx").on(t.userId, t.day),
    foreignKey({
      name: "parking_reports_domain_owner_fk",
      columns: [t.domainId, t.userId],
      foreignColumns: [domains.id, domains.userId],
    }).onDelete("cascade"),
  ],
);

/** Visits and leads that arrived on a parked domain, per day (in UTC). */
export const domainTraffic = pgTable(
  "domain_traffic",
  {
    domainId: domainRef("domain_id"),
    userId: userRef("user_id"),
    day: date("day").notNull(),
    visits: integer("visits").notNull().default(0),
    leads: integer("leads").notNull().default(0),
    /** Outbound and for-sale clicks on the parked page. */
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.day] }),
    index("domain_traffic_user_day_idx").on(t.userId, t.day),
  ],
);

/** The last time a visitor (hashed address and agent) was seen on a domain: 30-minute dedupe. */
export const domainVisitors = pgTable(
  "domain_visitors",
  {
    domainId: domainRef("domain_id"),
    visitorKey: text("visitor_key").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.visitorKey] })],
);

/**
 * Landing visits of a domain per day (UTC) by the visitor's country (ISO code from the address,
 * "" when unknown) and the referring site's host ("" when direct), counted with the visit itself.
 */
export const domainVisitSources = pgTable(
  "domain_visit_sources",
  {
    domainId: domainRef("domain_id"),
    userId: userRef("user_id"),
    day: date("day").notNull(),
    country: text("country").notNull().default(""),
    referrer: text("referrer").notNull().default(""),
    visits: integer("visits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.domainId, t.day, t.country, t.referrer] }),
    index("domain_visit_sources_user_day_idx").on(t.userId, t.day),
  ],
);

/**
 * Each domain's figures over the 30 days up to `asOf` (the owner's calendar day): parking
 * revenue and visitors (ad-network reported plus counted on the parked host). Statement triggers
 * on `parking_reports` and `domain_traffic` (migration `domain_figures`) add every change to it,
 * and the portfolio recomputes a domain whose `asOf` is not the owner's today, so reading 5,000
 * domains reads 5,000 rows instead of aggregating 30 days of each.
 */
export const domainFigures = pgTable(
  "domain_figures",
  {
    domainId: uuid("domain_id")
      .primaryKey()
      .references(() => domains.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    asOf: date("as_of").notNull(),
    /** Parking revenue of the 30 days, summed (the portfolio shows it divided by 30). */
    revenue: numeric("revenue", { precision: 14, scale: 2 }).notNull().default("0"),
    visitors: bigint("visitors", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("domain_figures_user_idx").on(t.userId)],
);

/**
 * The insurance companies and aggregators that buy leads by ping-post (docs/money.md#lead-sales).
 * The secret signs every request to the buyer; it is stored encrypted (AES-256-GCM, bound to the
 * buyer's id) under the key `secretKeyId` names. `source` is `config` for buyers given by
 * `LEAD_BUYERS`, `console` for those staff added.
 */
export const leadBuyers = pgTable(
  "lead_buyers",
  {
    id: uuid("id").primaryKey(),
    name: text("name").notNull(),
    pingUrl: text("ping_url").notNull(),
    postUrl: text("post_url").notNull(),
    secret: text("secret").notNull(),
    secretKeyId: text("secret_key_id").notNull(),
    /** `fixed`: any interest is a purchase at `fixedPrice`; `bid`: the ping's answer is the price. */
    priceModel: text("price_model").notNull().default("bid"),
    fixedPrice: money("fixed_price"),
    /** Two-letter states it buys in; empty: every state. */
    states: text("states").array().notNull().default(sql`'{}'::text[]`),
    /** ZIP code prefixes (1 to 5 digits) it buys in; empty: every ZIP. */
    zipPrefixes: text("zip_prefixes").array().notNull().default(sql`'{}'::text[]`),
    dailyCap: integer("daily_cap"),
    monthlyCap: integer("monthly_cap"),
    /** When it buys: weekdays (0 is Sunday) and hours `from` to `to` in its time zone; null: always. */
    schedule: jsonb("schedule").$type<{ days: number[]; from: string; to: string; timeZone: string }>(),
    active: boolean("active").notNull().default(true),
    source: text("source").notNull().default("console"),
    /** Where the buyer's monthly invoices are mailed; null: staff send the pay link themselves. */
    billingEmail: text("billing_email"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lead_buyers_name_idx").on(sql`lower(${t.name})`)],
);

/**
 * A buyer's invoice for one closed UTC month (docs/money.md#buyer-invoices): the leads it kept at
 * their prices, less credits for leads returned after an earlier invoice. `open` until paid through
 * a payment provider (`paid`, with the provider's payment id) or voided by staff (`void`). The pay
 * link's token is derived from the server's secret; only its SHA-256 is stored.
 */
export const leadInvoices = pgTable(
  "lead_invoices",
  {
    id: rowId(),
    /** Shown as LI-000042. */
    number: serial("number").notNull(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => leadBuyers.id),
    /** The UTC month billed, "2026-10". */
    month: text("month").notNull(),
    total: money("total").notNull(),
    status: text("status").notNull().default("open"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The staff member who issued it; null when the monthly job did. */
    issuedBy: uuid("issued_by").references(() => users.id, { onDelete: "set null" }),
    provider: text("provider"),
    providerPaymentId: text("provider_payment_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("lead_invoices_buyer_month_idx").on(t.buyerId, t.month),
    uniqueIndex("lead_invoices_number_idx").on(t.number),
    uniqueIndex("lead_invoices_token_idx").on(t.tokenHash),
    uniqueIndex("lead_invoices_payment_idx").on(t.providerPaymentId),
  ],
);

/**
 * One line of a buyer's invoice: a lead it kept (`charge`, its price) or a lead it returned after
 * that lead was invoiced (`credit`, the price negative). A lead is charged once.
 */
export const leadInvoiceLines = pgTable(
  "lead_invoice_lines",
  {
    id: rowId(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => leadInvoices.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id),
    kind: text("kind").notNull(),
    /** Signed: a charge positive, a credit negative. */
    amount: money("amount").notNull(),
    soldAt: timestamp("sold_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("lead_invoice_lines_invoice_idx").on(t.invoiceId),
    uniqueIndex("lead_invoice_lines_charge_idx").on(t.leadId).where(sql`${t.kind} = 'charge'`),
  ],
);

/** Every answer and error of a buyer: pings, posts and returns, with how long each took. */
export const leadBuyerCalls = pgTable(
  "lead_buyer_calls",
  {
    id: rowId(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => leadBuyers.id, { onDelete: "cascade" }),
    leadId: uuid("lead_id"),
    /** ping, post or return. */
    kind: text("kind").notNull(),
    /** bid, no_bid, accepted, rejected, timeout, error, skipped, returned. */
    outcome: text("outcome").notNull(),
    bid: money("bid"),
    detail: text("detail"),
    durationMs: integer("duration_ms").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("lead_buyer_calls_buyer_idx").on(t.buyerId, t.createdAt)],
);

/**
 * A lead posted to a buyer: one row per lead and buyer, written before the post is sent, so a
 * buyer is posted a lead once (a post cut short is sent again only with the same idempotency key).
 */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => leadBuyers.id, { onDelete: "cascade" }),
    /** posting, accepted, rejected, failed. */
    status: text("status").notNull(),
    price: money("price").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.buyerId] }),
    index("lead_deliveries_buyer_idx").on(t.buyerId, t.status, t.createdAt),
  ],
);

/** Car-insurance leads from the landing page, on any host. */
export const leads = pgTable(
  "leads",
  {
    id: rowId(),
    email: text("email").notNull(),
    zipCode: varchar("zip_code", { length: 5 }).notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    source: text("source").notNull(),
    /** What the domain's owner was credited: its share of the sale price, or 0 (unsold, no verified domain, flagged). */
    value: money("value").notNull(),
    /** The canonical address for the platform-wide dedupe (server/modules/leads/email-key.ts). */
    emailKey: text("email_key").notNull().default(""),
    host: text("host").notNull(),
    domainId: uuid("domain_id").references(() => domains.id, { onDelete: "set null" }),
    /** Set when the lead is returned (not a real person, a duplicate): its earning is reversed. */
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    /**
     * Why the lead credits nothing although it came on a verified domain (sent by the owner's
     * browser, device or address, or past the domain's daily cap); null when it was credited or
     * came on no verified domain. Staff review flagged leads in the console.
     */
    flagReason: text("flag_reason"),
    /**
     * Where the lead's sale stands (docs/money.md#lead-sales): `pending` while buyers are asked
     * (a sale cut short by a crash is resumed), `sold`, `unsold` (nobody bought; credits nothing),
     * or `none` (not for sale: no verified domain, flagged, or stored before sales existed).
     */
    saleStatus: text("sale_status").notNull().default("none"),
    /** A sale in progress holds the lead until then; a sale past it was cut short and is resumed. */
    saleClaimedUntil: timestamp("sale_claimed_until", { withTimezone: true }),
    /** The buyer that accepted the post (null for the development sandbox buyer). */
    buyerId: uuid("buyer_id").references(() => leadBuyers.id, { onDelete: "set null" }),
    buyerName: text("buyer_name"),
    /** What the buyer pays for the lead; the owner's share of it is `value`. */
    salePrice: money("sale_price"),
    /** The buyer's own id of the lead, as its accepted post answered. */
    buyerLeadId: text("buyer_lead_id"),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    /** Why the lead was returned: wrong_data, duplicate or consumer_denies (or staff's words). */
    returnReason: text("return_reason"),
    /** The consent the visitor gave: the text's version, when, on which page, from which address and browser. */
    consent: jsonb("consent").$type<{
      version: string;
      text: string;
      at: string;
      pageUrl: string;
      ip: string;
      userAgent: string;
    }>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("leads_sale_pending_idx").on(t.createdAt).where(sql`${t.saleStatus} = 'pending'`),
    index("leads_buyer_idx").on(t.buyerId, t.soldAt),
    index("leads_dedupe_idx").on(t.emailKey, t.createdAt),
    index("leads_domain_idx").on(t.domainId, t.createdAt),
    index("leads_flagged_idx").on(t.createdAt).where(sql`${t.flagReason} is not null`),
    // A domain's credited leads that buyers returned: the daily cap reads these few, not every lead.
    index("leads_domain_returned_idx")
      .on(t.domainId, t.createdAt)
      .where(sql`${t.returnedAt} is not null and ${t.flagReason} is null`),
  ],
);

/**
 * The revenue ledger's credits: parking, lead, marketplace, affiliate, other. `sourceKey` makes
 * every producer idempotent (a re-imported day, a replayed fulfilment) through one unique index.
 */
export const revenueEvents = pgTable(
  "revenue_events",
  {
    id: rowId(),
    userId: userRef("user_id"),
    domainId: uuid("domain_id").references(() => domains.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    amount: money("amount").notNull(),
    description: text("description").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    sourceKey: text("source_key"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // The activity feed's order, newest first with the id breaking ties: read straight off the index.
    index("revenue_events_user_time_idx").on(t.userId, t.occurredAt.desc(), t.id.desc()),
    index("revenue_events_domain_time_idx").on(t.domainId, t.occurredAt),
    uniqueIndex("revenue_events_source_key_idx").on(t.sourceKey),
  ],
);

/**
 * Revenue per user, type and quarter hour, kept in step with `revenue_events` by statement
 * triggers (migration `revenue_buckets`), so that the dashboard's sums cost the same at a
 * thousand events or a million. Quarter hours, because every time zone in use today is offset
 * from UTC by a multiple of 15 minutes: local days and hours are whole buckets in every zone.
 */
export const revenueBuckets = pgTable(
  "revenue_buckets",
  {
    userId: userRef("user_id"),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    type: text("type").notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    events: integer("events").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bucket, t.type] })],
);

/** A domain's revenue by source, as the P&L reports it: `other` is every other ledger type. */
const revenueBySource = () => ({
  parking: numeric("parking", { precision: 14, scale: 2 }).notNull().default("0"),
  lead: numeric("lead", { precision: 14, scale: 2 }).notNull().default("0"),
  marketplace: numeric("marketplace", { precision: 14, scale: 2 }).notNull().default("0"),
  other: numeric("other", { precision: 14, scale: 2 }).notNull().default("0"),
});

/**
 * Revenue per domain and UTC month, kept in step with the `revenue_events` that carry a domain
 * by statement triggers (migration `domain_revenue_rollups`), so that the P&L of a portfolio of
 * thousands of domains reads a few rows per domain rather than every event. `userId` is the
 * domain's owner.
 */
export const domainRevenueMonths = pgTable(
  "domain_revenue_months",
  {
    userId: uuid("user_id").notNull(),
    domainId: domainRef("domain_id"),
    /** The first day of the UTC month. */
    month: date("month").notNull(),
    ...revenueBySource(),
  },
  // Owner, domain, month: a portfolio's months stream domain by domain out of the key, whose
  // index also carries the amounts (migration `domain_revenue_months_key`) for index-only reads.
  (t) => [primaryKey({ columns: [t.userId, t.domainId, t.month] })],
);

/**
 * The same per UTC day: a range that starts mid-month reads the days up to the next month. Its
 * rows come only from the rollup trigger, from events whose domain their own key has just checked,
 * so no key of its own checks each row again; a deleted domain's days go with it by the trigger
 * `domains_revenue_days_delete` (migration `parking_write_keys`).
 */
export const domainRevenueDays = pgTable(
  "domain_revenue_days",
  {
    userId: uuid("user_id").notNull(),
    domainId: uuid("domain_id").notNull(),
    day: date("day").notNull(),
    ...revenueBySource(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.domainId] }),
    index("domain_revenue_days_domain_idx").on(t.domainId, t.day),
  ],
);

/**
 * The running sums of a user's held-funds ledger (`ledger_entries`): `available` can be withdrawn
 * (and is negative after a reversal of money already paid out), `pending` waits for its holds
 * to end. Every write to the ledger moves these in the same transaction; payouts lock this row.
 */
export const balances = pgTable("balances", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  available: numeric("available", { precision: 14, scale: 2 }).notNull().default("0.00"),
  pending: numeric("pending", { precision: 14, scale: 2 }).notNull().default("0.00"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Funds the platform holds for a user (docs/money.md): money it received and owes them. Credits
 * (lead earnings, affiliate commission on real payments) are `pending` until `releaseAt`, then
 * `available`; reversals are negative credits; payouts are negative `available` entries and a
 * failed payout's return a positive one. Reported revenue (parking reports, sales recorded by
 * the owner) never appears here. `sourceKey` makes every writer idempotent.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: rowId(),
    userId: userRef("user_id"),
    /**
     * Credits: "lead", "commission", "sale", "campaign-bonus", "campaign-return"; their adjustments:
     * "reversal" (negative) and "reinstatement" (a won chargeback gives back a reversal); payouts:
     * "payout" (negative) and "payout-return".
     */
    kind: text("kind").notNull(),
    /** Signed: credits positive, payouts and reversals negative. */
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    status: text("status").notNull(),
    releaseAt: timestamp("release_at", { withTimezone: true }).notNull().defaultNow(),
    description: text("description").notNull(),
    sourceKey: text("source_key").notNull(),
    revenueEventId: uuid("revenue_event_id").references(() => revenueEvents.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => serviceOrders.id, { onDelete: "set null" }),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    /**
     * What a pending entry waits for besides its hold: `buyer_payment` (a lead's share until the
     * buyer's invoice with that lead is paid, docs/money.md#buyer-invoices); null: its hold only.
     */
    awaiting: text("awaiting"),
    /** On a reversal or a reinstatement: the credit it takes from or gives back to. */
    creditId: uuid("credit_id"),
    /**
     * On a reversal or a reinstatement: what moved the money (a refund's or a dispute's provider
     * id, a returned lead), so that a chargeback won gives back exactly what it took.
     */
    cause: text("cause"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_source_key_idx").on(t.sourceKey),
    index("ledger_entries_user_idx").on(t.userId, t.createdAt),
    index("ledger_entries_release_idx").on(t.releaseAt).where(sql`${t.status} = 'pending'`),
    index("ledger_entries_user_pending_idx").on(t.userId, t.releaseAt).where(sql`${t.status} = 'pending'`),
    index("ledger_entries_credit_idx").on(t.creditId).where(sql`${t.creditId} is not null`),
    index("ledger_entries_order_idx").on(t.orderId).where(sql`${t.orderId} is not null`),
    index("ledger_entries_payout_idx").on(t.payoutId).where(sql`${t.payoutId} is not null`),
  ],
);

/** Provider webhook events already applied, by the provider's event id: a replay changes nothing. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Every id a provider gave one payment (a Checkout Session, a payment intent, a charge, an
 * invoice, a PayPal capture or sale), each naming what it paid: a service order or a lead
 * invoice. A refund or dispute names whichever id the provider chose; this finds the payment.
 */
export const paymentIds = pgTable(
  "payment_ids",
  {
    provider: text("provider").notNull(),
    providerId: text("provider_id").notNull(),
    /** "checkout_session", "payment_intent", "charge", "invoice", "capture", "sale" or "sandbox". */
    kind: text("kind").notNull(),
    orderId: uuid("order_id").references(() => serviceOrders.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerId] }), index("payment_ids_order_idx").on(t.orderId)],
);

/**
 * A chargeback of a payment, from the provider's dispute: `open` once the bank took the money
 * back (the order ends as a refund would), then `won` (the money came back and the ledger gives
 * back what it took) or `lost`.
 */
export const paymentDisputes = pgTable(
  "payment_disputes",
  {
    provider: text("provider").notNull(),
    disputeId: text("dispute_id").notNull(),
    orderId: uuid("order_id").references(() => serviceOrders.id, { onDelete: "set null" }),
    invoiceId: uuid("invoice_id"),
    amount: money("amount").notNull(),
    status: text("status").notNull().default("open"),
    reason: text("reason"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.disputeId] }),
    index("payment_disputes_status_idx").on(t.status),
  ],
);

/**
 * Money a provider took that no open order was waiting for (a second Checkout Session paid, a
 * sale cancelled before its late payment, an amount that is not the price): refunded at once
 * through the provider that took it, and listed for staff. `pending` until the provider took the
 * refund (retried by a job), then `refunded`; `failed` after the provider refused it.
 */
export const unmatchedPayments = pgTable(
  "unmatched_payments",
  {
    id: rowId(),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    orderId: uuid("order_id").references(() => serviceOrders.id, { onDelete: "set null" }),
    invoiceId: uuid("invoice_id"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    amount: money("amount").notNull(),
    /** Why no order took it, in words staff read. */
    reason: text("reason").notNull(),
    status: text("status").notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("unmatched_payments_payment_idx").on(t.provider, t.providerPaymentId),
    index("unmatched_payments_status_idx").on(t.status, t.createdAt),
  ],
);

/** Money out: the ledger's debits. */
export const payouts = pgTable(
  "payouts",
  {
    id: rowId(),
    userId: userRef("user_id"),
    amount: money("amount").notNull(),
    paypalEmail: text("paypal_email").notNull(),
    provider: text("provider").notNull(),
    providerRef: text("provider_ref"),
    /**
     * "processing" from the debit until the provider answers, then "completed" or "failed"; "held"
     * (debited, not sent) while it waits for staff review, then "processing" once approved or
     * "rejected" (the amount returned).
     */
    status: text("status").notNull().default("pending"),
    /** Why the payout waits for review, one sentence per reason; null for a payout sent at once. */
    holdReason: text("hold_reason"),
    /** The staff member who approved or rejected it, and when. */
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** Why staff rejected it, as they wrote it; shown to the user. */
    rejectReason: text("reject_reason"),
    /**
     * Set on an automatic payout: the period it pays ("weekly:2026-11-23", the Monday it starts,
     * or "monthly:2026-11" in the owner's time zone). Unique per user, so a period pays once
     * however many runs or instances try; null on a payout the owner asked for.
     */
    scheduledPeriod: text("scheduled_period"),
    /**
     * The `Idempotency-Key` the owner's request carried: unique per user, so a request sent again
     * (a retry, a second click) is answered with this payout instead of making another.
     */
    requestKey: text("request_key"),
    /**
     * Backup withholding taken from this payout (24% of it, a W-9 without a TIN): the payee
     * receives `amount - withheld`. Null when nothing was withheld.
     */
    withheld: money("withheld"),
    /**
     * The PayPal Payouts run that carries it (`payout_runs.id`, PayPal's sender_batch_id): set when
     * a run claims the payout; null for a payout sent alone or on another rail.
     */
    runId: uuid("run_id"),
    /** The provider's last word on it, as the provider said it (SUCCESS, UNCLAIMED, paid, failed…). */
    providerStatus: text("provider_status"),
    /** Why the provider did not pay it, as the provider said it; shown to the payee. */
    failureReason: text("failure_reason"),
    /** An unclaimed PayPal payout comes back to the balance at this time (PayPal's 30 days). */
    returnAfter: timestamp("return_after", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payouts_user_idx").on(t.userId, t.createdAt),
    index("payouts_run_idx").on(t.runId),
    uniqueIndex("payouts_scheduled_period_idx")
      .on(t.userId, t.scheduledPeriod)
      .where(sql`${t.scheduledPeriod} is not null`),
    uniqueIndex("payouts_request_key_idx").on(t.userId, t.requestKey).where(sql`${t.requestKey} is not null`),
    index("payouts_processing_idx").on(t.createdAt).where(sql`${t.status} = 'processing'`),
    index("payouts_status_idx").on(t.status, t.createdAt),
  ],
);

/** A priced purchase from the catalogue; `paid` only through the payment flow. */
export const serviceOrders = pgTable(
  "service_orders",
  {
    id: rowId(),
    userId: userRef("user_id"),
    domainId: uuid("domain_id").references(() => domains.id, { onDelete: "set null" }),
    offerId: text("offer_id").notNull(),
    serviceType: text("service_type").notNull(),
    description: text("description").notNull(),
    price: money("price").notNull(),
    status: text("status").notNull().default("pending"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    provider: text("provider"),
    providerPaymentId: text("provider_payment_id"),
    /**
     * The provider's fingerprint of what paid it (a card's fingerprint, a PayPal payer id),
     * prefixed by its kind: the same card paying for a referrer and a referral is one person.
     */
    payer: text("payer"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Set when the payment was refunded or disputed; what the order created is reversed. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("service_orders_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("service_orders_payment_idx").on(t.providerPaymentId),
    index("service_orders_payer_idx").on(t.payer, t.userId).where(sql`payer is not null`),
  ],
);

/** A service attached to a domain (appraisal, broker, premium); active once its order is paid. */
export const domainServices = pgTable(
  "domain_services",
  {
    id: rowId(),
    userId: userRef("user_id"),
    domainId: domainRef("domain_id"),
    orderId: uuid("order_id")
      .notNull()
      .references(() => serviceOrders.id, { onDelete: "cascade" }),
    serviceType: text("service_type").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [index("domain_services_domain_idx").on(t.domainId, t.createdAt)],
);

/**
 * A refund staff made of a paid order, in full or in part, through the provider that took the
 * payment. Written `pending` before the provider is asked (so concurrent refunds and the
 * provider's own webhook about it count it), then `succeeded` with the provider's refund id, or
 * `failed` when the provider refused.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: rowId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => serviceOrders.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
    /** "stripe", "paypal" or "sandbox": the provider that took the payment. */
    provider: text("provider").notNull(),
    providerRefundId: text("provider_refund_id"),
    /** "pending", "succeeded" or "failed". */
    status: text("status").notNull().default("pending"),
    staffId: uuid("staff_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId, t.createdAt),
    uniqueIndex("order_refunds_provider_refund_idx").on(t.providerRefundId),
  ],
);
export type OrderRefund = typeof orderRefunds.$inferSelect;

/** The user's transaction history: payments, payouts and test payments. */
export const transactions = pgTable(
  "transactions",
  {
    id: rowId(),
    userId: userRef("user_id"),
    type: text("type").notNull(),
    amount: money("amount").notNull(),
    paymentMethod: text("payment_method").notNull().default(""),
    status: text("status").notNull(),
    orderId: uuid("order_id").references(() => serviceOrders.id, { onDelete: "set null" }),
    payoutId: uuid("payout_id").references(() => payouts.id, { onDelete: "set null" }),
    /** The provider's id of a test payment (wallet order): a replayed capture finds its row. */
    providerRef: text("provider_ref"),
    createdAt: createdAt(),
  },
  (t) => [
    index("transactions_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("transactions_provider_ref_idx").on(t.providerRef),
  ],
);

export const revenueGoals = pgTable(
  "revenue_goals",
  {
    id: rowId(),
    userId: userRef("user_id"),
    targetAmount: money("target_amount").notNull(),
    timeframe: text("timeframe").notNull(),
    category: text("category").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("revenue_goals_user_idx").on(t.userId, t.createdAt)],
);

/** An invitation by `userId`; active once someone registers with its code. */
export const affiliates = pgTable(
  "affiliates",
  {
    id: rowId(),
    userId: userRef("user_id"),
    email: text("email").notNull(),
    level: integer("level").notNull().default(1),
    commissionRate: numeric("commission_rate", { precision: 5, scale: 2 }).notNull(),
    referralCode: text("referral_code").notNull(),
    referredUserId: uuid("referred_user_id").references(() => users.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(false),
    totalCommissions: money("total_commissions").notNull().default("0.00"),
    createdAt: createdAt(),
  },
  (t) => [
    index("affiliates_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("affiliates_user_email_idx").on(t.userId, sql`lower(${t.email})`),
    uniqueIndex("affiliates_code_idx").on(t.referralCode),
    uniqueIndex("affiliates_referred_idx").on(t.referredUserId),
  ],
);

/** Buyers' messages to a seller about a listed domain. */
export const marketplaceMessages = pgTable(
  "marketplace_messages",
  {
    id: rowId(),
    domainId: domainRef("domain_id"),
    sellerId: userRef("seller_id"),
    senderId: userRef("sender_id"),
    senderEmail: text("sender_email").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("marketplace_messages_seller_idx").on(t.sellerId, t.createdAt)],
);

/**
 * Development only (the DNS sandbox, `DNS_SANDBOX`): the records an owner publishes in the app for
 * a name, which the ownership check reads as if a DNS server answered them. Production never reads it.
 */
export const sandboxDnsRecords = pgTable(
  "sandbox_dns_records",
  {
    id: rowId(),
    userId: userRef("user_id"),
    name: text("name").notNull(),
    /** The TXT value published at the name, or null. */
    txt: text("txt"),
    /** The NS hosts published for the name (empty: none). */
    ns: text("ns").array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sandbox_dns_records_user_name_idx").on(t.userId, t.name),
    index("sandbox_dns_records_name_idx").on(t.name),
  ],
);

/**
 * An offer on a listed domain, or a counter to one: `madeBy` says which side made it. A counter
 * replaces the offer it answers (that one becomes `countered`); the thread of a buyer and a
 * domain is every row with both. Each binds until `expiresAt` (docs/marketplace.md).
 */
export const marketplaceOffers = pgTable(
  "marketplace_offers",
  {
    id: rowId(),
    domainId: domainRef("domain_id"),
    buyerId: userRef("buyer_id"),
    sellerId: userRef("seller_id"),
    /** "buyer" or "seller". */
    madeBy: text("made_by").notNull(),
    amount: money("amount").notNull(),
    message: text("message"),
    /** "open", "countered", "accepted", "declined", "withdrawn" or "expired". */
    status: text("status").notNull().default("open"),
    /** The offer this one counters. */
    replacesId: uuid("replaces_id"),
    /** The buyer came from the name's own parked page (its for-sale lander). */
    fromLander: boolean("from_lander").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("marketplace_offers_buyer_idx").on(t.buyerId, t.createdAt),
    index("marketplace_offers_seller_idx").on(t.sellerId, t.createdAt),
    index("marketplace_offers_open_idx").on(t.expiresAt).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * A sale the platform holds in escrow (docs/marketplace.md): the buyer pays `orderId`, the seller
 * moves the name, the buyer proves control with a TXT record of `buyerToken`, inspection runs,
 * then the domain changes hands and the seller is credited the price less commission.
 */
export const marketplaceTransactions = pgTable(
  "marketplace_transactions",
  {
    id: rowId(),
    domainId: uuid("domain_id").references(() => domains.id, { onDelete: "set null" }),
    domainName: text("domain_name").notNull(),
    buyerId: userRef("buyer_id"),
    sellerId: userRef("seller_id"),
    offerId: uuid("offer_id").references(() => marketplaceOffers.id, { onDelete: "set null" }),
    amount: money("amount").notNull(),
    /**
     * "awaiting_payment", "leasing" (a lease's instalments running), "awaiting_transfer",
     * "inspection", "completed", "cancelled", "refunded", "disputed" or "lease_ended" (an
     * instalment went unpaid past its grace: the seller keeps the domain and what was paid).
     */
    status: text("status").notNull().default("awaiting_payment"),
    orderId: uuid("order_id").references(() => serviceOrders.id, { onDelete: "set null" }),
    /** The listing's Buyer Protection level when the sale opened, or null. */
    protection: text("protection"),
    inspectionDays: integer("inspection_days").notNull(),
    commissionPercent: numeric("commission_percent", { precision: 5, scale: 2 }).notNull(),
    buyerToken: text("buyer_token").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    transferredAt: timestamp("transferred_at", { withTimezone: true }),
    inspectionEndsAt: timestamp("inspection_ends_at", { withTimezone: true }),
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    disputeReason: text("dispute_reason"),
    /** Each side's own account of a dispute, for staff to decide on (the latest one given). */
    buyerStatement: text("buyer_statement"),
    buyerStatementAt: timestamp("buyer_statement_at", { withTimezone: true }),
    sellerStatement: text("seller_statement"),
    sellerStatementAt: timestamp("seller_statement_at", { withTimezone: true }),
    /** Paid in the sandbox: test money, so nothing is held for the seller and nothing credited. */
    testMoney: boolean("test_money").notNull().default(false),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** The buyer's copy of the domain once the sale completed. */
    buyerDomainId: uuid("buyer_domain_id").references(() => domains.id, { onDelete: "set null" }),
    /** "sale" (paid at once) or "lease" (lease-to-own: monthly instalments, then the transfer). */
    kind: text("kind").notNull().default("sale"),
    /** A lease's term, its APR and its instalments (the last one absorbs the rounding). */
    leaseMonths: integer("lease_months"),
    leaseAprPercent: numeric("lease_apr_percent", { precision: 5, scale: 2 }),
    leaseMonthly: money("lease_monthly"),
    leaseLast: money("lease_last"),
    instalmentsPaid: integer("instalments_paid").notNull().default(0),
    /** The billing subscription that takes the instalments. */
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /** When the next instalment falls due; unpaid 10 days after it, the lease ends. */
    nextInstalmentAt: timestamp("next_instalment_at", { withTimezone: true }),
    /** Where the lessee sends the domain's visitors while leasing, or null for the parked page. */
    leaseRedirectUrl: text("lease_redirect_url"),
    /** What was refunded of the buyer's payment in part: completion credits the seller only the rest. */
    refundedAmount: money("refunded_amount").notNull().default("0"),
    /**
     * When a completed sale's proceeds finish their hold (the refund window): a lease settled then
     * keeps its name with the buyer whatever is later taken back of an instalment.
     */
    settlesAt: timestamp("settles_at", { withTimezone: true }),
    /** The buyer came from the name's own parked page (its for-sale lander), directly or through an offer made there. */
    fromLander: boolean("from_lander").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // One sale or lease at a time per listing.
    uniqueIndex("marketplace_transactions_live_idx")
      .on(t.domainId)
      .where(
        sql`${t.status} in ('awaiting_payment', 'leasing', 'awaiting_transfer', 'inspection', 'disputed')`,
      ),
    index("marketplace_transactions_buyer_idx").on(t.buyerId, t.createdAt),
    index("marketplace_transactions_seller_idx").on(t.sellerId, t.createdAt),
    index("marketplace_transactions_status_idx").on(t.status, t.createdAt),
    uniqueIndex("marketplace_transactions_order_idx").on(t.orderId),
  ],
);

/** What happened on the account (domain added, order paid, payout), for the activity panel. */
export const accountEvents = pgTable(
  "account_events",
  {
    id: rowId(),
    userId: userRef("user_id"),
    kind: text("kind", { enum: ACCOUNT_EVENT_KINDS }).notNull(),
    description: text("description").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("account_events_user_idx").on(t.userId, t.createdAt)],
);

/**
 * One number per account that every write to what its polled reads show (the dashboard, the
 * activity feed, goals, notifications) raises in the same transaction, by statement triggers on
 * those tables: a poll whose ETag carries the current number is answered 304 without running the
 * read's queries (docs/architecture.md#polled-reads).
 */
export const accountVersions = pgTable("account_versions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * The notification centre (the bell): what happened that the user should know of, with a link to
 * it. Written by `notify` in the transaction of the event itself; read and marked read by its owner.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: rowId(),
    userId: userRef("user_id"),
    kind: text("kind", { enum: NOTIFICATION_KIND_LIST }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** The app path of what the notification is about. */
    href: text("href").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** Every email the product sends; delivered by SMTP when configured, else kept here and logged. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: rowId(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** Extra headers, e.g. List-Unsubscribe on marketing mail. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.createdAt)],
);

/** One expiry warning per domain and threshold (30, 7, 1 days). */
export const expiryNotices = pgTable(
  "expiry_notices",
  {
    domainId: domainRef("domain_id"),
    thresholdDays: integer("threshold_days").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.thresholdDays] })],
);

/**
 * One weekly security summary per account and week (the Monday, UTC, of the run that sent it):
 * claimed in the transaction that queues the mail, so a rerun never sends a week twice.
 */
export const securitySummaries = pgTable(
  "security_summaries",
  {
    userId: userRef("user_id"),
    week: date("week").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);

/**
 * A user's TOTP second factor. `enabledAt` is null while enrolment awaits its first code;
 * `lastUsedStep` is the time step of the last accepted code, so no code is accepted twice.
 */
export const twoFactor = pgTable("two_factor", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The authenticator secret, encrypted (AES-256-GCM) under the key `secretKeyId` names. */
  secret: text("secret").notNull(),
  /** Which `TOTP_ENCRYPTION_KEY` entry sealed `secret`; null: a secret stored in clear before, sealed at start. */
  secretKeyId: text("secret_key_id"),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Single-use recovery codes for the second factor, stored as hashes only. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: rowId(),
    userId: userRef("user_id"),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/**
 * WebAuthn credentials (docs/security.md#accounts-and-sign-in): `passkey` (discoverable, signs in alone or as the second
 * factor; the biometric add-on) or `security-key` (a second factor only; the 2fa-premium add-on).
 * `counter` is the authenticator's signature count, so a cloned key is refused.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: rowId(),
    userId: userRef("user_id"),
    kind: text("kind").notNull().default("passkey"),
    name: text("name").notNull(),
    /** base64url, as the browser sends it. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("passkeys_credential_idx").on(t.credentialId), index("passkeys_user_idx").on(t.userId)],
);

/** Password-reset links: the token is mailed, only its hash is kept; single use, short-lived. */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: userRef("user_id"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * Links that prove an address: one mailed at registration (`email` is the account's own) and one
 * mailed to the new address of a change, which takes effect only when it is opened. Tokens are
 * kept hashed; the old address of a change gets its own cancel link (`cancelTokenHash`).
 */
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    id: rowId(),
    userId: userRef("user_id"),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** Set for a change of address: the link in the mail to the old address cancels it. */
    cancelTokenHash: text("cancel_token_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Cancelled by the owner, by the old address's link, or replaced by a newer request. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_confirmations_token_idx").on(t.tokenHash),
    index("email_confirmations_cancel_token_idx").on(t.cancelTokenHash),
    index("email_confirmations_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Devices that signed in successfully (OWASP device cookies): the cookie holds a token whose hash
 * is kept here, and such a device gets through a lockout of its account.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** The device's id in the API (the token's hash never leaves the server). */
    id: uuid("id").notNull().unique().defaultRandom(),
    userId: userRef("user_id"),
    /** The owner's name for it; empty until renamed (the list then names it by its browser). */
    name: text("name").notNull().default(""),
    userAgent: text("user_agent"),
    address: text("address"),
    /**
     * When the device was trusted; null while a sign-in from it waits for approval (device
     * management), by the email link whose hash is `approvalTokenHash` or by a trusted device.
     */
    approvedAt: timestamp("approved_at", { withTimezone: true }).defaultNow(),
    approvalTokenHash: text("approval_token_hash"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("known_devices_user_idx").on(t.userId)],
);

/**
 * Security events (sign-ins, second factor, password and email, sessions, payouts), append-only:
 * a trigger refuses UPDATE and DELETE. No foreign key, so the record outlives the account.
 * Entries are chained: a trigger gives each its place (`seq`) and a SHA-256 `hash` over its
 * content and the previous entry's hash (`prevHash`), so an edit or a missing entry shows
 * (`npm run audit:verify`).
 */
/**
 * The events that start and end a lockdown: the newest of them says whether the account is locked
 * down, which every password sign-in and payout asks (a partial index keeps that one row away).
 */
export const LOCKDOWN_STATE_EVENTS = ["account_locked_down", "password_changed", "password_reset"] as const;
const isLockdownStateEvent = sql.raw(`event in (${LOCKDOWN_STATE_EVENTS.map((e) => `'${e}'`).join(", ")})`);

export const auditLog = pgTable(
  "audit_log",
  {
    id: rowId(),
    seq: bigint("seq", { mode: "number" }).unique(),
    prevHash: text("prev_hash"),
    hash: text("hash"),
    userId: uuid("user_id"),
    event: text("event").notNull(),
    address: text("address"),
    userAgent: text("user_agent"),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_user_idx").on(t.userId, t.createdAt),
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_lockdown_state_idx").on(t.userId, t.createdAt).where(isLockdownStateEvent),
  ],
);

/**
 * A monthly offer bought once and renewed (docs/money.md#subscriptions-and-entitlements): Stripe Billing, PayPal Subscriptions or
 * the sandbox's billing clock. `lastEventAt` is the time of the newest provider event applied, so
 * an older event delivered late never overwrites a newer state.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: rowId(),
    userId: userRef("user_id"),
    offerId: text("offer_id").notNull(),
    /** The option as the buyer chose it (the offer's request body), re-priced on a change. */
    request: jsonb("request").$type<Record<string, unknown>>().notNull().default({}),
    description: text("description").notNull(),
    amount: money("amount").notNull(),
    /** "stripe", "paypal" or "sandbox". */
    provider: text("provider").notNull(),
    providerSubscriptionId: text("provider_subscription_id"),
    providerCustomerId: text("provider_customer_id"),
    /** "active", "past_due", "lapsed" (grace ended unpaid) or "canceled". */
    status: text("status").notNull().default("active"),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** Set while past due: the entitlements last until then. */
    graceEndsAt: timestamp("grace_ends_at", { withTimezone: true }),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    /** Sandbox only: the next renewal is declined, to try grace and lapse. */
    failRenewals: boolean("fail_renewals").notNull().default(false),
    firstOrderId: uuid("first_order_id").references(() => serviceOrders.id, { onDelete: "set null" }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("subscriptions_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("subscriptions_provider_idx").on(t.provider, t.providerSubscriptionId),
    uniqueIndex("subscriptions_first_order_idx").on(t.firstOrderId),
    index("subscriptions_due_idx").on(t.currentPeriodEnd).where(sql`${t.status} in ('active', 'past_due')`),
  ],
);

/**
 * What a user may use (docs/money.md#subscriptions-and-entitlements): granted by a paid one-off order (for ever, or for the offer's
 * duration) or by a subscription (to its period end, through its grace period). `endsAt` null is
 * for ever; `status` "ended" ends it early (a refund, a lapse).
 */
export const entitlements = pgTable(
  "entitlements",
  {
    id: rowId(),
    userId: userRef("user_id"),
    feature: text("feature").notNull(),
    /** A quantity the feature allows (API calls a month), or null for no limit. */
    usageLimit: bigint("usage_limit", { mode: "number" }),
    domainId: uuid("domain_id").references(() => domains.id, { onDelete: "cascade" }),
    /** "order" or "subscription". */
    source: text("source").notNull(),
    orderId: uuid("order_id").references(() => serviceOrders.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** "active", "grace" (a renewal failed) or "ended". */
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
  },
  (t) => [
    index("entitlements_user_idx").on(t.userId, t.feature),
    uniqueIndex("entitlements_order_feature_idx").on(t.orderId, t.feature),
    uniqueIndex("entitlements_subscription_feature_idx").on(t.subscriptionId, t.feature),
  ],
);

/** The sandbox's billing clock: how far tests and the development command moved it ahead. */
export const billingClock = pgTable("billing_clock", {
  id: integer("id").primaryKey().default(1),
  offsetSeconds: bigint("offset_seconds", { mode: "number" }).notNull().default(0),
});

/**
 * Facts about the database itself, written when it is made, never by the app afterwards. A
 * `sandbox` row marks a development or test database: only then may `npm run billing:advance`
 * move its billing clock. An embedded database made outside production is marked at its first
 * start; a PostgreSQL server's only by `npm run db:mark-sandbox` (so a production one never is).
 */
export const databaseMarks = pgTable("database_marks", {
  name: text("name").primaryKey(),
  detail: text("detail").notNull(),
  createdAt: createdAt(),
});

export type User = typeof users.$inferSelect;
/**
 * Keys of the public API (`/api/v1`): only the SHA-256 of the key is kept, with its visible
 * prefix (`pp_live_` or `pp_test_`) and last four characters to tell keys apart.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: rowId(),
    userId: userRef("user_id"),
    name: text("name").notNull(),
    /** SHA-256 of the whole key, hex. */
    hash: text("hash").notNull(),
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    /** "read", "write". */
    scopes: text("scopes").array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.hash), index("api_keys_user_idx").on(t.userId, t.createdAt)],
);

/**
 * API calls per user and billing period, the quota's counter: one row that every instance
 * increments in the same statement that checks it.
 */
export const apiQuotaPeriods = pgTable(
  "api_quota_periods",
  {
    userId: userRef("user_id"),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    calls: bigint("calls", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodStart] })],
);

/** API calls per user and UTC day, for the usage chart. */
export const apiUsageDays = pgTable(
  "api_usage_days",
  {
    userId: userRef("user_id"),
    day: date("day").notNull(),
    calls: bigint("calls", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Each key's calls in its current second, the burst limit's counter. */
export const apiKeyBursts = pgTable("api_key_bursts", {
  keyId: uuid("key_id")
    .primaryKey()
    .references(() => apiKeys.id, { onDelete: "cascade" }),
  /** Unix time in whole seconds. */
  second: bigint("second", { mode: "number" }).notNull(),
  calls: integer("calls").notNull(),
});

/** Bytes kept in the database (a work order's deliverable files). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A paid order of a service that people deliver (appraisal, broker, premium services; docs/money.md#what-each-purchase-delivers,
 * §18): the operator console's fulfilment queue. One per order; `status` is "queued",
 * "in_progress", "delivered" or "cancelled".
 */
export const workOrders = pgTable(
  "work_orders",
  {
    id: rowId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => serviceOrders.id, { onDelete: "cascade" }),
    userId: userRef("user_id"),
    domainId: uuid("domain_id").references(() => domains.id, { onDelete: "set null" }),
    offerId: text("offer_id").notNull(),
    title: text("title").notNull(),
    /** What the buyer asked for (a broker's expected price, timeline and notes), for the staff. */
    description: text("description").notNull().default(""),
    status: text("status").notNull().default("queued"),
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("work_orders_order_idx").on(t.orderId),
    index("work_orders_queue_idx").on(t.status, t.dueAt, t.id),
    index("work_orders_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Staff's internal notes on a work order; the buyer never sees them. */
export const workOrderNotes = pgTable(
  "work_order_notes",
  {
    id: rowId(),
    workOrderId: uuid("work_order_id")
      .notNull()
      .references(() => workOrders.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("work_order_notes_order_idx").on(t.workOrderId, t.createdAt)],
);

/** What staff deliver on a work order: a text, a file (bytes kept here, bounded), or both; the buyer sees them. */
export const workOrderDeliverables = pgTable(
  "work_order_deliverables",
  {
    id: rowId(),
    workOrderId: uuid("work_order_id")
      .notNull()
      .references(() => workOrders.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body"),
    fileName: text("file_name"),
    contentType: text("content_type"),
    size: integer("size"),
    content: bytes("content"),
    createdAt: createdAt(),
  },
  (t) => [index("work_order_deliverables_order_idx").on(t.workOrderId, t.createdAt)],
);

export type WorkOrder = typeof workOrders.$inferSelect;

/**
 * A user's support ticket (docs/money.md#what-each-purchase-delivers, docs/security.md#staff-and-the-operator-console). `status` is `open` (waiting on staff), `answered`
 * (waiting on the user) or `closed`; `tier` is the support tier the user held when they last
 * wrote, which sets `response_due_at` (shared/support.ts) and the staff queue's order.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: rowId(),
    userId: userRef("user_id"),
    subject: text("subject").notNull(),
    status: text("status").notNull().default("open"),
    tier: text("tier").notNull(),
    responseDueAt: timestamp("response_due_at", { withTimezone: true }).notNull(),
    orderId: uuid("order_id").references(() => serviceOrders.id, { onDelete: "set null" }),
    domainId: uuid("domain_id").references(() => domains.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_tickets_user_idx").on(t.userId, t.lastMessageAt),
    index("support_tickets_queue_idx").on(t.status, t.responseDueAt, t.id),
  ],
);

/** One message of a ticket's thread, from its user or from staff. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: rowId(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    fromStaff: boolean("from_staff").notNull().default(false),
    body: varchar("body", { length: 5000 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("support_messages_ticket_idx").on(t.ticketId, t.createdAt)],
);

/**
 * What the user used of a plan's daily allowance (docs/product.md#account-plans): one row per
 * user, counter and calendar day in the user's time zone, counted up in the transaction of the
 * action it limits, so a refused or failed action leaves it as it was.
 */
export const planUsage = pgTable(
  "plan_usage",
  {
    userId: userRef("user_id"),
    /** The limit counted, e.g. "parkingImportsPerDay". */
    counter: text("counter").notNull(),
    day: date("day").notNull(),
    used: integer("used").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.counter, t.day] })],
);

export type Domain = typeof domains.$inferSelect;
export type RevenueEvent = typeof revenueEvents.$inferSelect;
export type ServiceOrder = typeof serviceOrders.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type Entitlement = typeof entitlements.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;

/**
 * A report a user owns (an appraisal, an analytics report): queued when ordered, built by a
 * background job (`server/modules/reports`), which keeps `progress` and `updatedAt` current so
 * that a build interrupted by a restart is picked up again. `content` is what the builder of its
 * kind wrote (`shared/api/reports.ts`); `params` is what the builder was asked for.
 */
export const reports = pgTable(
  "reports",
  {
    id: rowId(),
    userId: userRef("user_id"),
    kind: text("kind").notNull(),
    /** queued, building, ready or failed. */
    status: text("status").notNull().default("queued"),
    /** 0 to 100. */
    progress: integer("progress").notNull().default(0),
    title: text("title").notNull(),
    domainId: uuid("domain_id").references(() => domains.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => serviceOrders.id, { onDelete: "set null" }),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    content: jsonb("content").$type<Record<string, unknown>>(),
    error: text("error"),
    /** Builds started; a report that failed this many times is given up. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
  },
  (t) => [
    index("reports_user_idx").on(t.userId, t.createdAt),
    index("reports_pending_idx").on(t.status, t.updatedAt),
    uniqueIndex("reports_order_kind_idx").on(t.orderId, t.kind),
  ],
);
export type Report = typeof reports.$inferSelect;
export type MarketplaceOffer = typeof marketplaceOffers.$inferSelect;
export type MarketplaceTransaction = typeof marketplaceTransactions.$inferSelect;
/** The lessons of a training course a user has read (docs/affiliates.md#training-courses). */
export const courseProgress = pgTable(
  "course_progress",
  {
    userId: userRef("user_id"),
    courseId: text("course_id").notNull(),
    lessonId: text("lesson_id").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.lessonId] })],
);

/** When an account first opened a lesson: a lesson counts read only its reading time later. */
export const courseLessonOpens = pgTable(
  "course_lesson_opens",
  {
    userId: userRef("user_id"),
    courseId: text("course_id").notNull(),
    lessonId: text("lesson_id").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId, t.lessonId] })],
);

/**
 * A course certificate as issued (docs/affiliates.md#training-courses): its keyed number, the
 * account's name when it was issued and when the course was completed, verifiable by anyone at
 * `/certificates/{number}`. One per account and course.
 */
export const courseCertificates = pgTable(
  "course_certificates",
  {
    number: text("number").primaryKey(),
    userId: userRef("user_id"),
    courseId: text("course_id").notNull(),
    name: text("name").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("course_certificates_user_course_idx").on(t.userId, t.courseId)],
);

/**
 * A recruitment campaign funded by a paid Recruitment Bonus order (docs/affiliates.md#recruitment-campaigns):
 * `status` is "active", then "reached" (bonus shared among the recruiting affiliates) or "missed"
 * (bonus returned to the buyer's balance).
 */
export const recruitmentCampaigns = pgTable(
  "recruitment_campaigns",
  {
    id: rowId(),
    userId: userRef("user_id"),
    orderId: uuid("order_id")
      .notNull()
      .references(() => serviceOrders.id, { onDelete: "cascade" }),
    goal: integer("goal").notNull(),
    bonus: money("bonus").notNull(),
    /** Paid in the sandbox: the outcome is recorded as test money, never held. */
    test: boolean("test").notNull().default(false),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    status: text("status").notNull().default("active"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("recruitment_campaigns_order_idx").on(t.orderId),
    index("recruitment_campaigns_user_idx").on(t.userId, t.createdAt),
    index("recruitment_campaigns_due_idx").on(t.status, t.endsAt),
  ],
);

/** A recruit counted towards a campaign: who they are, which affiliate brought them, and when they qualified. */
export const campaignRecruits = pgTable(
  "campaign_recruits",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => recruitmentCampaigns.id, { onDelete: "cascade" }),
    recruitId: userRef("recruit_id"),
    /** The buyer's affiliate through whose link the recruit registered. */
    recruiterId: userRef("recruiter_id"),
    /** The order that made the recruit count (their first paid one during the campaign). */
    orderId: uuid("order_id").notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.recruitId] })],
);

/** One click on a user's referral link (docs/affiliates.md#link-analytics). */
export const referralClicks = pgTable(
  "referral_clicks",
  {
    id: rowId(),
    /** Whose link it was. */
    userId: userRef("user_id"),
    code: text("code").notNull(),
    /** utm_source, else the referring site's host, else "direct". */
    source: text("source").notNull(),
    utmCampaign: text("utm_campaign"),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull().defaultNow(),
    /** The account registered after this click, when the visitor did. */
    registeredUserId: uuid("registered_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("referral_clicks_user_idx").on(t.userId, t.clickedAt)],
);

/** A user's social scheduler: the secret of their public feed and an optional webhook (docs/affiliates.md#social-scheduler). */
export const socialChannels = pgTable(
  "social_channels",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    feedToken: text("feed_token").notNull(),
    webhookUrl: text("webhook_url"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("social_channels_feed_idx").on(t.feedToken)],
);

/** A post scheduled for a network; published to the feed (and webhook) at its time. */
export const socialPosts = pgTable(
  "social_posts",
  {
    id: rowId(),
    userId: userRef("user_id"),
    network: text("network").notNull(),
    text: text("text").notNull(),
    link: text("link"),
    imageUrl: text("image_url"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The webhook's answer at publication: "delivered", "failed: …", or null without a webhook. */
    webhookStatus: text("webhook_status"),
    createdAt: createdAt(),
  },
  (t) => [
    index("social_posts_user_idx").on(t.userId, t.scheduledAt),
    index("social_posts_due_idx").on(t.scheduledAt).where(sql`${t.publishedAt} is null`),
  ],
);

/** An affiliate's email sequence to their recruits (docs/affiliates.md#email-automation). */
export const emailSequences = pgTable(
  "email_sequences",
  {
    id: rowId(),
    userId: userRef("user_id"),
    name: text("name").notNull(),
    /** The steps, in order: `[{day, subject, body}]`, day counted from the recruit's sign-up. */
    steps: jsonb("steps").$type<{ day: number; subject: string; body: string }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_sequences_user_idx").on(t.userId)],
);

/** One step of a sequence sent (or skipped) to one recruit: each goes at most once. */
export const emailSends = pgTable(
  "email_sends",
  {
    sequenceId: uuid("sequence_id")
      .notNull()
      .references(() => emailSequences.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    recruitId: userRef("recruit_id"),
    /**
     * "sent"; skipped: "unsubscribed" (the address unsubscribed) or "suppressed" (it bounced);
     * on its way: "queued", "deferred" (refused for now, retried by the job); "bounced" (refused
     * for good) or "soft-bounced" (refused for now on every attempt).
     */
    status: text("status").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** The outbox row of the email, while and after it is delivered. */
    mailId: uuid("mail_id"),
    /** Delivery attempts through SMTP. */
    attempts: integer("attempts").notNull().default(0),
    /** The mail server's answer to the last failed attempt. */
    detail: text("detail"),
  },
  (t) => [primaryKey({ columns: [t.sequenceId, t.step, t.recruitId] })],
);

/**
 * Addresses that unsubscribed from a sender's marketing mail, or whose mail server refused it for
 * good (a hard bounce): no sequence of theirs mails them again.
 */
export const emailUnsubscribes = pgTable(
  "email_unsubscribes",
  {
    senderId: userRef("sender_id"),
    email: text("email").notNull(),
    /** "unsubscribed" (the recipient asked) or "bounced" (their mail server refused the address for good). */
    reason: text("reason").notNull().default("unsubscribed"),
    /** For a bounce: the mail server's answer. */
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.senderId, t.email] })],
);

/**
 * A verified domain's parked page as its owner shaped it (docs/product.md#parked-pages): a
 * template and its blocks (shared/api/parked-pages.ts), at `version`; a domain without a row shows the
 * template's default blocks.
 */
export const domainPages = pgTable(
  "domain_pages",
  {
    domainId: domainRef("domain_id"),
    /** The owner's page, or a lessee's while a lease-to-own runs (server/modules/parked-pages/domain-control.ts). */
    userId: userRef("user_id"),
    template: text("template").notNull(),
    blocks: jsonb("blocks").notNull(),
    version: integer("version").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.userId] })],
);

/** Every saved state of a parked page, so that any one can be restored. */
export const domainPageVersions = pgTable(
  "domain_page_versions",
  {
    domainId: domainRef("domain_id"),
    userId: userRef("user_id"),
    version: integer("version").notNull(),
    template: text("template").notNull(),
    blocks: jsonb("blocks").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.version] })],
);

/** An image an owner uploaded for a parked page's image block, served from the domain's host. */
export const pageImages = pgTable(
  "page_images",
  {
    id: rowId(),
    userId: userRef("user_id"),
    domainId: domainRef("domain_id"),
    contentType: text("content_type").notNull(),
    content: bytes("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("page_images_domain_idx").on(t.domainId)],
);

/**
 * A split test of a domain's parked page: two to four variants (each a page and a weight) and a
 * goal; `status` is "running" or "stopped", and `winner` the variant index that became the page.
 * One running test per domain and account; only the one of whoever controls the domain is served.
 */
export const experiments = pgTable(
  "experiments",
  {
    id: rowId(),
    userId: userRef("user_id"),
    domainId: domainRef("domain_id"),
    goal: text("goal").notNull(),
    variants: jsonb("variants").notNull(),
    status: text("status").notNull().default("running"),
    /** The stopping rule: the chance to be best a variant must reach, with this many visitors in each. */
    threshold: numeric("threshold", { precision: 5, scale: 4 }).notNull(),
    minVisitors: integer("min_visitors").notNull(),
    winner: integer("winner"),
    createdAt: createdAt(),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
  },
  (t) => [
    // One running test per domain and account: a lease's lessee tests while the owner's test waits.
    uniqueIndex("experiments_running_domain_idx")
      .on(t.domainId, t.userId)
      .where(sql`${t.status} = 'running'`),
    index("experiments_user_idx").on(t.userId, t.createdAt),
  ],
);

/** A visitor (first-party cookie id) exposed to a test: the variant shown, and whether they converted. */
export const experimentVisitors = pgTable(
  "experiment_visitors",
  {
    experimentId: uuid("experiment_id")
      .notNull()
      .references(() => experiments.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    variant: integer("variant").notNull(),
    converted: boolean("converted").notNull().default(false),
    /** The visitor's network (/24 or /48), keyed with the app's secret; null for visitors from before. */
    network: text("network"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.experimentId, t.visitorId] }),
    index("experiment_visitors_network_idx").on(t.experimentId, t.network),
  ],
);

/**
 * A member of someone's portfolio (docs/security.md#team-seats): `ownerId`'s portfolio, worked in
 * by `memberId` with `role` (`viewer` or `manager`). Removing the row ends the access at the
 * member's next request; either account going takes it along.
 */
export const teamMemberships = pgTable(
  "team_memberships",
  {
    id: rowId(),
    ownerId: userRef("owner_id"),
    memberId: userRef("member_id"),
    role: text("role").notNull(),
    invitedBy: uuid("invited_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_memberships_owner_member_idx").on(t.ownerId, t.memberId),
    index("team_memberships_member_idx").on(t.memberId),
  ],
);

/**
 * An invitation to a portfolio, mailed to `email` with a link whose token is kept hashed. It is
 * pending until accepted, revoked or past `expiresAt`; a pending one holds a seat.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: rowId(),
    ownerId: userRef("owner_id"),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("team_invitations_token_idx").on(t.tokenHash),
    index("team_invitations_owner_idx").on(t.ownerId, t.createdAt),
  ],
);

/**
 * An account at a registrar or a parking network (server/modules/connections/): the service's
 * credentials sealed under the configured keys (bound to the row's id), never sent back; its
 * sync runs in the job queue when `next_run_at` comes, unless paused.
 */
export const connections = pgTable(
  "connections",
  {
    id: rowId(),
    userId: userRef("user_id"),
    /** The connector's id, e.g. "namecheap". */
    service: text("service").notNull(),
    /** "registrar" or "parking". */
    kind: text("kind").notNull(),
    /** Which account at the service, as its test call named it (the user name, the key's start). */
    account: text("account").notNull(),
    credentials: text("credentials").notNull(),
    credentialsKeyId: text("credentials_key_id").notNull(),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while a run holds it; a run older than the job's timeout is taken over. */
    runningSince: timestamp("running_since", { withTimezone: true }),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    /** "ok" or "failed". */
    lastStatus: text("last_status"),
    /** The last failure in plain words, for the owner. */
    lastError: text("last_error"),
    /** What the last run did: counts, revised days, names the service holds that the portfolio lacks. */
    lastSummary: jsonb("last_summary").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("connections_user_service_account_idx").on(t.userId, t.service, t.account),
    index("connections_due_idx").on(t.nextRunAt).where(sql`${t.pausedAt} is null`),
  ],
);

/**
 * What a connected registrar says about a name in the portfolio: the account holds it there
 * (ownership evidence beside the DNS proof), when it expires and how it is set up.
 */
export const registrarDomains = pgTable(
  "registrar_domains",
  {
    domainId: domainRef("domain_id").primaryKey(),
    userId: userRef("user_id"),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    autoRenew: boolean("auto_renew"),
    locked: boolean("locked"),
    privacy: boolean("privacy"),
    nameservers: text("nameservers").array(),
    /** The registrar's renewal price when its API gives one. */
    renewalPrice: money("renewal_price"),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("registrar_domains_connection_idx").on(t.connectionId)],
);

/** An account's own renewal price for a TLD, over the shipped table (shared/tld-prices.ts). */
export const tldPrices = pgTable(
  "tld_prices",
  {
    userId: userRef("user_id"),
    tld: text("tld").notNull(),
    price: money("price").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tld] })],
);

/**
 * A parking network's figure for a day that replaced an earlier one (a revision), kept so the
 * owner sees what changed.
 */
export const parkingRevisions = pgTable(
  "parking_revisions",
  {
    id: rowId(),
    userId: userRef("user_id"),
    domainId: domainRef("domain_id"),
    network: text("network").notNull(),
    day: date("day").notNull(),
    previousRevenue: money("previous_revenue").notNull(),
    revenue: money("revenue").notNull(),
    revisedAt: timestamp("revised_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("parking_revisions_user_idx").on(t.userId, t.revisedAt)],
);

/** A day's reference rate of a currency in US dollars, and where it came from. */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    day: date("day").notNull(),
    currency: text("currency").notNull(),
    /** US dollars for one unit of `currency`. */
    usd: numeric("usd", { precision: 18, scale: 8 }).notNull(),
    source: text("source").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency] })],
);

/**
 * How each payee is paid (docs/money.md#payouts): the rail (`paypal`, `paypal-batch`, `stripe`),
 * and for a bank account the Stripe Connect Express account and its state, as its last
 * `account.updated` webhook said it. No row: PayPal, one payout at a time.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    rail: text("rail").notNull().default("paypal"),
    stripeAccountId: text("stripe_account_id"),
    detailsSubmitted: boolean("details_submitted").notNull().default(false),
    payoutsEnabled: boolean("payouts_enabled").notNull().default(false),
    /** Stripe's `requirements.currently_due`: what the owner still has to give Stripe. */
    requirementsDue: jsonb("requirements_due").$type<string[]>().notNull().default([]),
    /** Stripe's `requirements.disabled_reason`, when the account cannot be paid. */
    disabledReason: text("disabled_reason"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payout_accounts_stripe_idx").on(t.stripeAccountId)],
);

/**
 * A tax form a payee signed (W-9, W-8BEN, W-8BEN-E): the latest one is the one on file. The TIN
 * is sealed with the authenticator secrets' keys (bound to the user) and only its last four are
 * kept in clear; the signed form is kept as the PDF the payee can download.
 */
export const taxForms = pgTable(
  "tax_forms",
  {
    id: rowId(),
    userId: userRef("user_id"),
    /** "w9", "w8ben" or "w8ben-e". */
    kind: text("kind").notNull(),
    legalName: text("legal_name").notNull(),
    /** W-9: "ssn" or "ein"; null when the payee gave no TIN (backup withholding applies). */
    tinType: text("tin_type"),
    tinSealed: text("tin_sealed"),
    tinKeyId: text("tin_key_id"),
    tinLast4: text("tin_last4"),
    /** The W-9's US address, or the W-8's permanent residence address. */
    address: text("address").notNull(),
    /** W-8: the country of residence (ISO 3166 alpha-2); "US" on a W-9. */
    country: text("country").notNull(),
    /** W-8: the treaty claim (country, article, rate), as the payee wrote it; null when none. */
    treatyClaim: jsonb("treaty_claim").$type<{ country: string; article: string; rate: string } | null>(),
    /** The name typed as the signature, and when it was signed. */
    signatureName: text("signature_name").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    pdf: bytes("pdf").notNull(),
  },
  (t) => [index("tax_forms_user_idx").on(t.userId, t.signedAt)],
);

/**
 * One run of PayPal Payouts: every approved payout of the batch rail not yet sent leaves in one
 * batch whose sender_batch_id is this id, so a retried run sends nothing twice.
 */
export const payoutRuns = pgTable("payout_runs", {
  id: rowId(),
  /** "open" (claimed, not yet accepted by PayPal), "sent", or "done" (every item settled). */
  status: text("status").notNull().default("open"),
  providerBatchId: text("provider_batch_id"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
