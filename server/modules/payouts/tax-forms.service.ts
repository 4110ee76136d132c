import { desc, eq, sql } from "drizzle-orm";
import {
  type TMissingTaxForm,
  type TTaxFormBody,
  type TTaxFormSummary,
  tinDigits,
  ZTaxFormBody,
} from "../../../shared/api/payouts";
import { accountEvents, taxForms } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { notFound } from "../../http/app-error";
import { createSecretBox, type KeyEntry, type SecretBox } from "../../lib/secret-box";
import { taxFormPdf } from "./tax-form-pdf";

type TaxFormRow = typeof taxForms.$inferSelect;

/** Taxpayer ids are sealed with the authenticator secrets' keys (`TOTP_ENCRYPTION_KEY`), for their own purpose. */
export const createTaxIdKeys = (entries: KeyEntry[]): SecretBox =>
  createSecretBox(entries, "parkpilot taxpayer id");

const NAMES: Record<string, string> = { w9: "W-9", w8ben: "W-8BEN", "w8ben-e": "W-8BEN-E" };

/** The form on file: the latest one the payee signed. */
export async function currentTaxForm(db: DbOrTx, userId: string): Promise<TaxFormRow | null> {
  const [form] = await db
    .select()
    .from(taxForms)
    .where(eq(taxForms.userId, userId))
    .orderBy(desc(taxForms.signedAt), desc(taxForms.id))
    .limit(1);
  return form ?? null;
}

/** A W-9 without a TIN: 24% of every payout is withheld (backup withholding). */
export const needsBackupWithholding = (form: Pick<TaxFormRow, "kind" | "tinSealed">) =>
  form.kind === "w9" && !form.tinSealed;

export function summaryOf(form: TaxFormRow): TTaxFormSummary {
  return {
    id: form.id,
    kind: form.kind as TTaxFormSummary["kind"],
    legalName: form.legalName,
    country: form.country,
    tinLast4: form.tinLast4,
    tinType: form.tinType as TTaxFormSummary["tinType"],
    signedAt: form.signedAt.toISOString(),
    backupWithholding: needsBackupWithholding(form),
  };
}

/**
 * Signs a tax form: the TIN's format is checked (an SSN or an EIN), the TIN sealed bound to the
 * payee and kept in clear only as its last four, and the signed form rendered as the PDF kept
 * with its date. A new form replaces the one on file.
 */
export async function submitTaxForm(options: {
  db: DbOrTx;
  keys: SecretBox;
  userId: string;
  body: TTaxFormBody;
}): Promise<{ form: TTaxFormSummary }> {
  const { db, keys, userId } = options;
  const body = ZTaxFormBody.parse(options.body);
  const signedAt = new Date();
  let tin: { type: "ssn" | "ein"; digits: string } | null = null;
  if (body.kind === "w9" && body.tin && body.tinType) {
    const digits = tinDigits(body.tinType, body.tin);
    if (digits) tin = { type: body.tinType, digits };
  }
  const masked = tin ? `${tin.type === "ssn" ? "***-**-" : "**-***"}${tin.digits.slice(5)}` : null;
  const country = body.kind === "w9" ? "US" : body.country;
  const treatyClaim = body.kind === "w9" ? null : (body.treatyClaim ?? null);
  const pdf = await taxFormPdf({
    kind: body.kind,
    legalName: body.legalName,
    tin: masked,
    address: body.address,
    country,
    treatyClaim,
    signatureName: body.signatureName,
    signedAt,
  });
  const sealed = tin ? keys.seal(tin.digits, userId) : null;
  const [form] = await db
    .insert(taxForms)
    .values({
      userId,
      kind: body.kind,
      legalName: body.legalName,
      tinType: tin?.type ?? null,
      tinSealed: sealed?.sealed ?? null,
      tinKeyId: sealed?.keyId ?? null,
      tinLast4: tin ? tin.digits.slice(5) : null,
      address: body.address,
      country,
      treatyClaim,
      signatureName: body.signatureName,
      signedAt,
      pdf,
    })
    .returning();
  await db.insert(accountEvents).values({
    userId,
    kind: "payout",
    description: `Tax form ${NAMES[form.kind]} signed by ${form.signatureName}`,
  });
  return { form: summaryOf(form) };
}

export async function getTaxForm(db: DbOrTx, userId: string): Promise<{ form: TTaxFormSummary | null }> {
  const form = await currentTaxForm(db, userId);
  return { form: form ? summaryOf(form) : null };
}

/** The signed form on file as its PDF, for its payee. */
export async function taxFormPdfOf(db: DbOrTx, userId: string): Promise<{ pdf: Buffer; filename: string }> {
  const form = await currentTaxForm(db, userId);
  if (!form) throw notFound("Tax form");
  const date = form.signedAt.toISOString().slice(0, 10);
  return { pdf: form.pdf, filename: `parkpilot-${NAMES[form.kind]}-${date}.pdf` };
}

/**
 * Payees the platform owes or has paid who have no form on file: staff chase them before their
 * first payout, which is refused until they sign one.
 */
export async function missingTaxForms(db: DbOrTx): Promise<{ data: TMissingTaxForm[] }> {
  const { rows } = await db.execute<{
    user_id: string;
    email: string;
    name: string | null;
    available: string;
    paid_out: string;
  }>(sql`
    select u.id::text as user_id, u.email, u.name,
      coalesce(b.available, 0)::numeric(14,2)::text as available,
      (select coalesce(-sum(l.amount), 0) from ledger_entries l join payouts p on p.id = l.payout_id
        where p.user_id = u.id and p.status = 'completed')::numeric(14,2)::text as paid_out
    from users u left join balances b on b.user_id = u.id
    where not exists (select 1 from tax_forms f where f.user_id = u.id)
      and (coalesce(b.available, 0) + coalesce(b.pending, 0) > 0
        or exists (select 1 from payouts p where p.user_id = u.id))
    order by coalesce(b.available, 0) desc, u.email
    limit 500
  `);
  return {
    data: rows.map((r) => ({
      userId: r.user_id,
      email: r.email,
      name: r.name,
      available: r.available,
      paidOut: r.paid_out,
    })),
  };
}
