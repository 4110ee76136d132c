import { sql } from "drizzle-orm";
import type { TForecastHistory } from "../../../../shared/api/analytics";
import { FORECAST_PERIODS } from "../../../../shared/prices";
import type { DbOrTx } from "../../../db/tx";
import { AppError } from "../../../http/app-error";
import { shiftDay } from "./daily-revenue";
import { MIN_DAYS, MIN_MONTHS, modelFor } from "./forecast-months";
import { monthsBetween, previousMonth } from "./monthly-revenue";

const SHORTEST = Math.min(...FORECAST_PERIODS.map((p) => p.months));

/**
 * What the account's history supports (docs/decisions/0012-forecasting-with-augurs.md): the
 * model, the days and months it has and, when too short, the day a forecast can be bought from.
 * Read from the first revenue bucket alone, so the forecasting dialog can ask it cheaply.
 */
export async function forecastHistory(options: {
  db: DbOrTx;
  userId: string;
  now?: Date;
}): Promise<TForecastHistory> {
  const now = (options.now ?? new Date()).toISOString();
  const { rows } = await options.db.execute<{ first_day: string | null; today: string }>(sql`
    with zone as (
      select u.time_zone as tz, (${now}::timestamptz at time zone u.time_zone)::date as today
      from users u where u.id = ${options.userId}
    )
    select to_char(zone.today, 'YYYY-MM-DD') as today,
      (select to_char(min(b.bucket at time zone zone.tz)::date, 'YYYY-MM-DD') from revenue_buckets b
        where b.user_id = ${options.userId} and b.bucket < (zone.today::timestamp at time zone zone.tz)) as first_day
    from zone
  `);
  const today = rows[0]?.today ?? now.slice(0, 10);
  const firstDay = rows[0]?.first_day ?? null;
  const days = firstDay ? Math.round((Date.parse(today) - Date.parse(firstDay)) / 86_400_000) : 0;
  const lastMonth = previousMonth(today.slice(0, 7));
  const months =
    firstDay && firstDay.slice(0, 7) <= lastMonth ? monthsBetween(firstDay.slice(0, 7), lastMonth).length : 0;
  const model = modelFor({ months, days });
  return {
    model,
    days,
    months,
    firstDay,
    minimumDays: MIN_DAYS,
    minimumMonths: MIN_MONTHS,
    shortestMonths: SHORTEST,
    availableFrom: model || !firstDay ? null : shiftDay(firstDay, MIN_DAYS),
  };
}

/** Why no forecast can be made yet, in the words the dialog and a refused order use. */
export function notEnoughHistory(history: TForecastHistory): string {
  const have = history.days
    ? `this account has ${history.days} day${history.days === 1 ? "" : "s"}`
    : "this account has none yet";
  const from = history.availableFrom
    ? ` The ${history.shortestMonths}-month forecast can be bought from ${history.availableFrom}.`
    : "";
  return `Not enough history to forecast yet: a forecast needs ${history.minimumDays} days of revenue and ${have}.${from}`;
}

/** Refuses (409) a forecast the account's history cannot support, before anything is bought. */
export async function assertForecastable(db: DbOrTx, userId: string): Promise<void> {
  const history = await forecastHistory({ db, userId });
  if (!history.model) throw new AppError("CONFLICT", notEnoughHistory(history));
}
