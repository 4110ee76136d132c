import { centsToDecimal, toCents } from "../../../shared/money";

/** The owner's share of a sale price, in cents rounded half up: 70% of "40.00" is "28.00". */
export function ownerShare(price: string, percent: number): string {
  return centsToDecimal(Math.round((toCents(price) * percent) / 100));
}

/**
 * The price at which the owner's share is exactly `credit` (the development sandbox buyer's bid:
 * 75 ÷ 70% = "107.14", whose 70% rounds to "75.00"). The nearest cent whose share rounds to it.
 */
export function priceForShare(credit: string, percent: number): string {
  const target = toCents(credit);
  const guess = Math.round((target * 100) / percent);
  for (const cents of [guess, guess - 1, guess + 1, guess - 2, guess + 2]) {
    if (cents > 0 && Math.round((cents * percent) / 100) === target) return centsToDecimal(cents);
  }
  return centsToDecimal(guess);
}
