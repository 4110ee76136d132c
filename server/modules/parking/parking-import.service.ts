import { sql } from "drizzle-orm";
import type { TAdNetwork } from "../../../shared/api/domains";
import {
  PARKING_REPORT_FORMATS,
  type TParkingImportResult,
  type TSkippedReportRow,
} from "../../../shared/api/parking";
import { sumDecimals } from "../../../shared/money";
import type { Database, Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { breathe, chunks } from "../../lib/breathe";
import { runInWorker } from "../../lib/worker-pool";
import { type Credit, creditRevenue, removeRevenue } from "../ledger/ledger.service";
import { type ReportDay, refuseIfAny } from "./read-report";

const MAX_SKIPPED_LISTED = 100;
/**
 * Domain-days written per statement: a 50,000-row report becomes many short statements, between
 * which other requests are served. The embedded engine runs its statements in this very process,
 * so it gets smaller ones.
 */
const DAYS_PER_STATEMENT = { postgres: 1_000, pglite: 100 } as const;

/** The ledger key of one network's revenue for one domain and day: re-importing replaces it. */
export const parkingSourceKey = (network: string, domainId: string, day: string) =>
  `parking:${network}:${domainId}:${day}`;

type StoredDay = {
  domain_id: string;
  day: string;
  revenue: string;
  visitors: number;
  clicks: number;
};

type OwnedDay = ReportDay & { domainId: string };

/**
 * Imports a network's daily report for the user's domains in one transaction: the file is read,
 * checked and added up by domain and day in a worker thread; each domain-day then replaces the
 * earlier report of that network and day in `parking_reports` and in the ledger (a `parking`
 * revenue event keyed by network, domain and day), so re-importing never doubles. The writes go
 * in short statements with a breath between them, so other requests are answered meanwhile.
 * Rows for domains outside the user's portfolio are reported back and left out.
 */
export async function importParkingReport(options: {
  db: Db;
  userId: string;
  network: TAdNetwork;
  csv: string;
  /** The database engine, which sets the domain-days per statement (see DAYS_PER_STATEMENT). */
  engine?: Database["engine"];
}): Promise<TParkingImportResult> {
  const { db, userId, network } = options;
  const report = await runInWorker("parkingReport", { csv: options.csv, network });

  const names = [...new Set(report.days.filter((d) => d.valid).map((d) => d.domain))];
  const owned = new Map<string, string>();
  if (names.length > 0) {
    const found = await db.execute<{ id: string; name: string; since: string }>(
      sql`select id, name, to_char(registration_date at time zone 'UTC', 'YYYY-MM-DD') as since
          from domains where user_id = ${userId} and name = any(${sql.param(names)}::text[])`,
    );
    for (const d of found.rows) owned.set(d.name, d.id);
    refuseIfAny(daysBeforeOwnership(report.days, new Map(found.rows.map((d) => [d.name, d.since]))));
  }
  await breathe();
  const ours: OwnedDay[] = [];
  const skipped: TSkippedReportRow[] = [];
  for (const day of report.days) {
    const domainId = owned.get(day.domain);
    if (domainId) ours.push({ ...day, domainId });
    else {
      for (const line of day.lines)
        skipped.push({ line, domain: day.domain, reason: "Not in your portfolio" });
    }
  }
  skipped.sort((a, b) => a.line - b.line);
  const nameOf = new Map([...owned].map(([name, id]) => [id, name]));

  await breathe();
  const label = PARKING_REPORT_FORMATS[network].label;
  const stored = await db.transaction(async (tx) => {
    const written: StoredDay[] = [];
    for (const days of chunks(ours, DAYS_PER_STATEMENT[options.engine ?? "postgres"])) {
      written.push(...(await writeDays(tx, { userId, network, days, nameOf })));
      await breathe();
    }
    if (written.length > 0) {
      await tx.execute(sql`
        insert into account_events (user_id, kind, description)
        values (${userId}, 'parking_report_imported', ${`Imported a ${label} report (${written.length} domain-days)`})
      `);
    }
    return written;
  });

  const days = stored.map((d) => d.day).sort();
  return {
    network,
    rowsRead: report.rowsRead,
    imported: stored.length,
    totalRevenue: sumDecimals(stored.map((d) => d.revenue)),
    firstDay: days[0] ?? null,
    lastDay: days.at(-1) ?? null,
    skippedCount: skipped.length,
    skipped: skipped.slice(0, MAX_SKIPPED_LISTED),
  };
}

/** Writes one chunk of domain-days to `parking_reports` and the ledger. */
async function writeDays(
  tx: Tx,
  chunk: {
    userId: string;
    network: TAdNetwork;
    days: OwnedDay[];
    nameOf: Map<string, string>;
  },
): Promise<StoredDay[]> {
  const { userId, network, nameOf } = chunk;
  const input = chunk.days.map((r) => ({
    domain_id: r.domainId,
    day: r.day,
    visitors: r.visitors,
    clicks: r.clicks,
    revenue: r.revenue,
  }));
  const written = await tx.execute<StoredDay>(sql`
    insert into parking_reports (user_id, domain_id, network, day, visitors, clicks, revenue, imported_at)
    select ${userId}, domain_id, ${network}, day, visitors, clicks, round(revenue, 2), now()
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
      as x(domain_id uuid, day date, visitors int, clicks int, revenue numeric)
    on conflict (domain_id, network, day) do update set
      visitors = excluded.visitors, clicks = excluded.clicks, revenue = excluded.revenue,
      imported_at = excluded.imported_at
    returning domain_id, to_char(day, 'YYYY-MM-DD') as day, revenue::text as revenue, visitors, clicks
  `);
  const label = PARKING_REPORT_FORMATS[network].label;
  const credits: Credit[] = [];
  const nothingEarned: string[] = [];
  for (const d of written.rows) {
    const sourceKey = parkingSourceKey(network, d.domain_id, d.day);
    if (Number(d.revenue) === 0) {
      nothingEarned.push(sourceKey);
      continue;
    }
    credits.push({
      userId,
      domainId: d.domain_id,
      type: "parking",
      amount: d.revenue,
      description: `${label} parking revenue for ${nameOf.get(d.domain_id)} on ${d.day}`,
      metadata: { network, day: d.day, visitors: d.visitors, clicks: d.clicks },
      sourceKey,
      // Noon UTC keeps the day's revenue on that calendar day in nearly every time zone.
      occurredAt: new Date(`${d.day}T12:00:00Z`),
    });
  }
  await creditRevenue(tx, credits);
  await removeRevenue(tx, nothingEarned);
  return written.rows;
}

/**
 * A domain earns nothing on days before it was the owner's: its registration date (the day it
 * was acquired; the day it was added unless the owner set it).
 */
function daysBeforeOwnership(days: ReportDay[], since: Map<string, string>): string[] {
  return days
    .filter((d) => d.valid && since.has(d.domain) && d.day < since.get(d.domain)!)
    .flatMap((d) => d.lines.map((line) => ({ line, day: d })))
    .sort((a, b) => a.line - b.line)
    .map(
      ({ line, day: d }) =>
        `line ${line}: ${d.domain} was not yours yet on ${d.day} (acquired ${since.get(d.domain)}; an earlier acquisition date can be set in Edit Domain)`,
    );
}
