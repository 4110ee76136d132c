import { sql } from "drizzle-orm";
import { toCents } from "../../../shared/money";
import { thresholdsFor } from "../../../shared/tax-thresholds";
import type { DbOrTx } from "../../db/tx";
import { csvDocument } from "../../lib/csv-write";
import type { SecretBox } from "../../lib/secret-box";

/** Ledger credits by the kind of payment they are for year-end reporting. */
const SERVICES = ["lead", "commission", "campaign-bonus"];
const MARKETPLACE = ["sale"];

export interface YearEndRow {
  userId: string;
  email: string;
  name: string | null;
  form: string | null;
  tinType: string | null;
  tinLast4: string | null;
  /** The TIN as sealed (`tax_forms.tin_sealed`, its key id), opened only for the staff's filing export. */
  tinSealed: { sealed: string; keyId: string } | null;
  country: string | null;
  services: string;
  marketplace: string;
  marketplaceTransactions: number;
  paidOut: string;
  withheld: string;
  /** The forms the year's figures reach (`TAX_THRESHOLDS`). */
  reportable: string[];
}

/**
 * Each payee's calendar year (UTC): what the platform paid them by kind, services and
 * commissions (lead shares, commissions, campaign bonuses) and marketplace proceeds (sales), each
 * credit counted in the year it became payable, net of what refunds and chargebacks took from
 * it; what left in completed payouts and what was withheld; and the forms the year's thresholds
 * call for. `userId` narrows it to one payee.
 */
export async function yearEndRows(db: DbOrTx, year: number, userId?: string): Promise<YearEndRow[]> {
  const from = `${year}-01-01T00:00:00Z`;
  const to = `${year + 1}-01-01T00:00:00Z`;
  const only = userId ? sql`and u.id = ${userId}` : sql``;
  const { rows } = await db.execute<{
    user_id: string;
    email: string;
    name: string | null;
    kind: string | null;
    tin_type: string | null;
    tin_last4: string | null;
    tin_sealed: string | null;
    tin_key_id: string | null;
    country: string | null;
    services: string;
    marketplace: string;
    sales: number;
    paid_out: string;
    withheld: string;
  }>(sql`
    with credits as (
      select c.user_id, c.kind,
        c.amount + coalesce((select sum(a.amount) from ledger_entries a where a.credit_id = c.id), 0) as net
      from ledger_entries c
      where c.status = 'available' and c.release_at >= ${from}::timestamptz and c.release_at < ${to}::timestamptz
        and c.kind in (${sql.join(
          [...SERVICES, ...MARKETPLACE].map((k) => sql`${k}`),
          sql`, `,
        )})
    ),
    per_user as (
      select user_id,
        coalesce(sum(net) filter (where kind in (${sql.join(
          SERVICES.map((k) => sql`${k}`),
          sql`, `,
        )})), 0) as services,
        coalesce(sum(net) filter (where kind = 'sale'), 0) as marketplace,
        count(*) filter (where kind = 'sale' and net > 0)::int as sales
      from credits group by user_id
    ),
    paid as (
      select p.user_id, sum(p.amount) as paid_out, coalesce(sum(p.withheld), 0) as withheld
      from payouts p where p.status = 'completed' and p.created_at >= ${from}::timestamptz and p.created_at < ${to}::timestamptz
      group by p.user_id
    )
    select u.id::text as user_id, u.email, u.name, f.kind, f.tin_type, f.tin_last4, f.tin_sealed,
      f.tin_key_id, f.country,
      coalesce(c.services, 0)::numeric(14,2)::text as services,
      coalesce(c.marketplace, 0)::numeric(14,2)::text as marketplace,
      coalesce(c.sales, 0) as sales,
      coalesce(p.paid_out, 0)::numeric(14,2)::text as paid_out,
      coalesce(p.withheld, 0)::numeric(14,2)::text as withheld
    from users u
      left join per_user c on c.user_id = u.id
      left join paid p on p.user_id = u.id
      left join lateral (select kind, tin_type, tin_last4, tin_sealed, tin_key_id, country from tax_forms t where t.user_id = u.id
        order by t.signed_at desc, t.id desc limit 1) f on true
    where (c.user_id is not null or p.user_id is not null) ${only}
    order by u.email
  `);
  const thresholds = thresholdsFor(year);
  return rows.map((r) => {
    const total = { services: toCents(r.services), marketplace: toCents(r.marketplace) };
    const reportable = thresholds
      .filter(
        (t) =>
          total[t.kind] >= toCents(t.amount) &&
          (t.transactions === null || (t.kind === "marketplace" && r.sales > t.transactions)),
      )
      // Services and commissions are nonemployee compensation: 1099-NEC, not 1099-MISC.
      .filter((t) => t.form !== "1099-MISC")
      .map((t) => t.form);
    return {
      userId: r.user_id,
      email: r.email,
      name: r.name,
      form: r.kind,
      tinType: r.tin_type,
      tinLast4: r.tin_last4,
      tinSealed: r.tin_sealed && r.tin_key_id ? { sealed: r.tin_sealed, keyId: r.tin_key_id } : null,
      country: r.country,
      services: r.services,
      marketplace: r.marketplace,
      marketplaceTransactions: r.sales,
      paidOut: r.paid_out,
      withheld: r.withheld,
      reportable,
    };
  });
}

const FORM_NAMES: Record<string, string> = { w9: "W-9", w8ben: "W-8BEN", "w8ben-e": "W-8BEN-E" };

const HEADER = [
  "Tax year",
  "Recipient ID",
  "Recipient name",
  "Recipient email",
  "Tax form",
  "TIN type",
  "Recipient TIN",
  "Country",
  "Nonemployee compensation (services and commissions)",
  "Payment card and third party network transactions (marketplace proceeds)",
  "Marketplace transactions",
  "Paid out",
  "Federal income tax withheld (backup withholding)",
  "Forms due",
];

/**
 * The staff's year-end CSV, one row per payee, in the columns 1099 filing services import: the
 * recipient's whole TIN (an SSN or EIN with its dashes), opened from its seal for this export only.
 */
export async function yearEndCsv(db: DbOrTx, year: number, taxIdKeys: SecretBox): Promise<string> {
  const rows = await yearEndRows(db, year);
  const tinOf = (r: YearEndRow) => {
    if (!r.tinSealed) return "";
    const digits = taxIdKeys.open(r.tinSealed.sealed, r.tinSealed.keyId, r.userId);
    return r.tinType === "ein"
      ? `${digits.slice(0, 2)}-${digits.slice(2)}`
      : `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
  };
  return csvDocument([
    HEADER,
    ...rows.map((r) => [
      year,
      r.userId,
      r.name ?? "",
      r.email,
      r.form ? FORM_NAMES[r.form] : "missing",
      r.tinType?.toUpperCase() ?? "",
      tinOf(r),
      r.country ?? "",
      r.services,
      r.marketplace,
      r.marketplaceTransactions,
      r.paidOut,
      r.withheld,
      r.reportable.join(" ") || "none",
    ]),
  ]);
}

/** One payee's own summary of a year, as a CSV they download; thresholds with their source. */
export async function payeeYearSummaryCsv(db: DbOrTx, userId: string, year: number): Promise<string> {
  const [row] = await yearEndRows(db, year, userId);
  const lines: (string | number)[][] = [
    ["ParkPilot payments summary", year],
    ["Services and commissions", row?.services ?? "0.00"],
    ["Marketplace proceeds", row?.marketplace ?? "0.00"],
    ["Marketplace transactions", row?.marketplaceTransactions ?? 0],
    ["Paid out", row?.paidOut ?? "0.00"],
    ["Backup withholding", row?.withheld ?? "0.00"],
    ["Forms we file for you", row?.reportable.join(" ") || "none"],
    [],
    ["Threshold", "Form", "Amount", "Transactions", "Source"],
    ...thresholdsFor(year).map((t) => [
      t.kind === "services" ? "Services and commissions" : "Marketplace proceeds",
      t.form,
      t.amount,
      t.transactions ?? "",
      t.source,
    ]),
  ];
  return csvDocument(lines);
}
