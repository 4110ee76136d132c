import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/tx";
import { answerText, ConnectorError, reach } from "./connector";

export interface DayRate {
  /** US dollars for one unit, as a decimal string. */
  usd: string;
  /** Where the rate came from, recorded with each converted figure. */
  source: string;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The rate of `currency` in US dollars for every day from `from` to `to`: the reference rate
 * published that day, or on a weekend or holiday the last one before it (as the ECB's rates are
 * used). Rates are kept in `exchange_rates`, so each day is fetched once, from a
 * Frankfurter-compatible API (`GET /<from>..<to>?from=EUR&to=USD`).
 */
export async function usdRates(
  db: DbOrTx,
  apiUrl: string,
  currency: string,
  from: string,
  to: string,
): Promise<Map<string, DayRate>> {
  // A week before `from` covers a range that opens on a weekend or holiday.
  const start = addDays(from, -7);
  const read = async () => {
    const { rows } = await db.execute<{ day: string; usd: string; source: string }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, usd::text as usd, source from exchange_rates
      where currency = ${currency} and day between ${start} and ${to} order by day
    `);
    return rows;
  };
  let rows = await read();
  const latest = rows.at(-1)?.day;
  if (!latest || latest < to || rows[0].day > from) {
    await fetchRates(db, apiUrl, currency, start, to);
    rows = await read();
  }
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const rates = new Map<string, DayRate>();
  let last: { day: string; usd: string; source: string } | undefined;
  for (let day = start; day <= to; day = addDays(day, 1)) {
    last = byDay.get(day) ?? last;
    if (day >= from && last) rates.set(day, { usd: last.usd, source: last.source });
  }
  return rates;
}

async function fetchRates(db: DbOrTx, apiUrl: string, currency: string, from: string, to: string) {
  const url = `${apiUrl.replace(/\/$/, "")}/${from}..${to}?from=${encodeURIComponent(currency)}&to=USD`;
  const res = await reach("The exchange-rate service", url);
  if (!res.ok) {
    throw new ConnectorError(
      "unavailable",
      `No ${currency} exchange rates could be fetched (HTTP ${res.status}).`,
    );
  }
  const text = await answerText("The exchange-rate service", res);
  let body: { rates?: Record<string, { USD?: number }> };
  try {
    body = JSON.parse(text);
  } catch {
    throw new ConnectorError("unavailable", "The exchange-rate service's answer was not JSON.");
  }
  const host = new URL(apiUrl).host;
  const rows = Object.entries(body.rates ?? {})
    .filter(([, r]) => typeof r.USD === "number" && r.USD > 0)
    .map(([day, r]) => ({ day, currency, usd: String(r.USD), source: `${host} reference rate of ${day}` }));
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into exchange_rates (day, currency, usd, source)
    select day, currency, usd, source from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(day date, currency text, usd numeric, source text)
    on conflict (day, currency) do nothing
  `);
}

/** A decimal string as an integer of `places` decimal places (further places dropped). */
function scaled(text: string, places: number): bigint {
  const [whole, fraction = ""] = text.replace(/^-/, "").split(".");
  const value =
    BigInt(whole || "0") * 10n ** BigInt(places) +
    BigInt((fraction + "0".repeat(places)).slice(0, places) || "0");
  return text.startsWith("-") ? -value : value;
}

const CENT_UNIT = 10n ** 12n;

/**
 * Amounts (decimal strings) times one rate `usd`, in dollars and cents, rounded half up, without
 * floats: the rate is read once for a day's figures, each amount then costs one multiplication.
 */
export function usdConverter(usd: string): (amount: string) => string {
  // amount in 1e-6, rate in 1e-8: the product is in 1e-14; cents are 1e-2.
  const rate = scaled(usd, 8);
  return (amount) => {
    const product = scaled(amount, 6) * rate;
    const negative = product < 0n;
    const abs = negative ? -product : product;
    const cents = (abs + CENT_UNIT / 2n) / CENT_UNIT;
    const text = `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
    return negative && cents > 0n ? `-${text}` : text;
  };
}
