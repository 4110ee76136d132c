/**
 * The federal information-return thresholds a payee's year is held against, one row per form and
 * first year it applies. A later year uses the newest row whose `from` is not after it.
 *
 * - 1099-NEC / 1099-MISC: $2,000 a year for payments made from 2026 (was $600), indexed for
 *   inflation from 2027 (One Big Beautiful Bill Act, Pub. L. 119-21, § 70433, amending IRC
 *   § 6041(a) and § 6041A).
 * - 1099-K: a payment settlement entity reports a payee above $20,000 and 200 transactions in
 *   the year (One Big Beautiful Bill Act § 70432, restoring IRC § 6050W(e) as it stood before 2021).
 */
export type PaymentKind = "services" | "marketplace";

export interface TaxThreshold {
  form: "1099-NEC" | "1099-MISC" | "1099-K";
  kind: PaymentKind;
  /** The first calendar year the row applies to. */
  from: number;
  /** Reported when the year's total reaches this amount (dollars, two decimals)… */
  amount: string;
  /** …and, where set, when the year's transactions exceed this count as well. */
  transactions: number | null;
  source: string;
}

export const TAX_THRESHOLDS: readonly TaxThreshold[] = [
  {
    form: "1099-NEC",
    kind: "services",
    from: 2026,
    amount: "2000.00",
    transactions: null,
    source: "One Big Beautiful Bill Act (Pub. L. 119-21) § 70433; IRC § 6041A(a)",
  },
  {
    form: "1099-MISC",
    kind: "services",
    from: 2026,
    amount: "2000.00",
    transactions: null,
    source: "One Big Beautiful Bill Act (Pub. L. 119-21) § 70433; IRC § 6041(a)",
  },
  {
    form: "1099-K",
    kind: "marketplace",
    from: 2026,
    amount: "20000.00",
    transactions: 200,
    source: "One Big Beautiful Bill Act (Pub. L. 119-21) § 70432; IRC § 6050W(e)",
  },
];

/** The rows in force for a calendar year, one per form (the newest `from` not after the year). */
export function thresholdsFor(year: number): TaxThreshold[] {
  const byForm = new Map<string, TaxThreshold>();
  for (const row of TAX_THRESHOLDS) {
    if (row.from > year) continue;
    const known = byForm.get(row.form);
    if (!known || known.from < row.from) byForm.set(row.form, row);
  }
  return [...byForm.values()];
}

/** Backup withholding: 24% of a payment to a payee who gave no TIN (IRC § 3406(a)(1)). */
export const BACKUP_WITHHOLDING_PERCENT = 24;
