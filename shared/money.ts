import { z } from "zod";

/**
 * Exact money arithmetic: amounts travel as decimal strings ("12.50") and are computed in
 * integer cents, never as JS floats (floats only for plotting a chart). See docs/money.md.
 */

/** At most ten digits before the point and two after: what a `numeric(12,2)` column holds. */
const DECIMAL = /^(\d{1,10})(?:\.(\d{1,2}))?$/;
/** The ledger's sums and nets are `numeric(14,2)` and may be negative (a refund after a payout). */
const SIGNED_DECIMAL = /^-?\d{1,12}(?:\.\d{1,2})?$/;

/** True when `value` is a non-negative amount with at most two decimals: "12", "12.5", "12.50". */
export function isDecimalAmount(value: string): boolean {
  return DECIMAL.test(value);
}

/** A money amount: a non-negative decimal string a `numeric(12,2)` column holds ("12.50"), `message` when it is not. */
export const moneyString = (message = "Enter an amount in dollars and cents") =>
  z.string().regex(DECIMAL, message);

/** A money amount on the wire (see `moneyString`). */
export const ZMoney = moneyString();

/** A figure of the ledger or a net that can fall below zero: "-12.50" (a sum, so up to `numeric(14,2)`). */
export const ZSignedMoney = z.string().regex(SIGNED_DECIMAL, "Expected a signed amount in dollars and cents");

/**
 * An amount a person types, sent as a number or a decimal string, kept as exact two-decimal text
 * ("80" → "80.00"); `message` says what to enter when it is not an amount.
 */
export const moneyInput = (message = "Enter an amount in dollars and cents") =>
  z
    .union([z.string().trim(), z.number()])
    .transform(String)
    .pipe(moneyString(message))
    .transform((a) => centsToDecimal(toCents(a)));

/** "12.5" → 1250. Throws on anything that is not a non-negative amount with at most two decimals. */
export function toCents(value: string | number): number {
  const text = String(value).trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`Not a money amount: ${text}`);
  const fraction = (match[2] ?? "").padEnd(2, "0");
  return Number(match[1]) * 100 + Number(fraction);
}

/** "-12.5" → -1250: a signed ledger figure in cents. Throws on anything that is not one. */
export function signedToCents(value: string): number {
  const text = value.trim();
  if (!SIGNED_DECIMAL.test(text)) throw new Error(`Not a money amount: ${text}`);
  const [whole, fraction = ""] = text.replace(/^-/, "").split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return text.startsWith("-") ? -cents : cents;
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

/** Any plain decimal, whatever its digits: the formatter rounds it to the cent, half away from zero. */
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * What a money formatter is given: a decimal string as it is (Intl formats numeric strings
 * exactly, never through a float), a finite number, else zero.
 */
export function formattable(value: string | number): Intl.StringNumericLiteral | number {
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  const text = value.trim();
  return PLAIN_DECIMAL.test(text) ? (text as Intl.StringNumericLiteral) : 0;
}

/** The product's one money format, for texts the server writes: "1500" → "$1,500.00" (as the client's formatMoney). */
export function formatUsd(value: string | number): string {
  return usdFormatter.format(formattable(value));
}
