/**
 * Exact money arithmetic: amounts travel as decimal strings ("12.50") and are computed in
 * integer cents, never as JS floats.
 */

const DECIMAL = /^(\d{1,10})(?:\.(\d{1,2}))?$/;

/** True when `value` is a non-negative amount with at most two decimals: "12", "12.5", "12.50". */
export function isDecimalAmount(value: string): boolean {
  return DECIMAL.test(value);
}

/** "12.5" → 1250. Throws on anything that is not a non-negative amount with at most two decimals. */
export function toCents(value: string | number): number {
  const text = String(value).trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`Not a money amount: ${text}`);
  const fraction = (match[2] ?? "").padEnd(2, "0");
  return Number(match[1]) * 100 + Number(fraction);
}

/** 1250 → "12.50"; negative amounts keep their sign: -5 → "-0.05". */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Sums decimal amounts exactly: ["1.10", "2.20"] → "3.30". */
export function sumDecimals(values: readonly (string | number)[]): string {
  return centsToDecimal(values.reduce<number>((total, v) => total + toCents(v), 0));
}

const usdFormatter = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The product's one money format, for texts the server writes: "1500" → "$1,500.00" (as the client's formatMoney). */
export function formatUsd(value: string | number): string {
  const n = typeof value === "number" ? value : Number.parseFloat(value);
  return usdFormatter.format(Number.isFinite(n) ? n : 0);
}
