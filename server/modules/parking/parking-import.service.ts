import { sql } from "drizzle-orm";
import type { TAdNetwork } from "../../../shared/api/domains";
import {
  PARKING_REPORT_FORMATS,
  type TParkingImportResult,
  type TSkippedReportRow,
  type TUnknownReportDomain,
} from "../../../shared/api/parking";
import { sumDecimals } from "../../../shared/money";
import type { Database, Db } from "../../db/pool";
import type { Tx } from "../../db/tx";
import { breathe, chunks } from "../../lib/breathe";
import { type Credit, creditRevenue, removeRevenue } from "../ledger/ledger.service";
import { type ReportRow, readReport, refuseIfAny } from "./read-report";

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

/**
 * Imports a network's daily report for the user's domains, set-based and in one transaction:
 * rows of the same domain and day are added together, each domain-day replaces the earlier
 * report of that network and day in `parking_reports` and in the ledger (a `parking` revenue
 * event keyed by network, domain and day), so re-importing never doubles. Rows for domains
 * outside the user's portfolio are reported back and left out.
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
  const rows = await readReport(options.csv, network);

  const names = [...new Set(rows.filter((r) => r.valid).map((r) => r.domain))];
  const owned = new Map<string, string>();
  if (names.length > 0) {
    const found = await db.execute<{ id: string; name: string; since: string }>(
      sql`select id, name, to_char(registration_date at time zone 'UTC', 'YYYY-MM-DD') as since
          from domains where user_id = ${userId} and name = any(${sql.param(names)}::text[])`,
    );
    for (const d of found.rows) owned.set(d.name, d.id);
    refuseIfAny(daysBeforeOwnership(rows, new Map(found.rows.map((d) => [d.name, d.since]))));
  }
  await breathe();
  const ours: (ReportRow & { domainId: string })[] = [];
  const skipped: TSkippedReportRow[] = [];
  const unknown = new Map<string, TUnknownReportDomain>();
  for (const row of rows) {
    const domainId = owned.get(row.domain);
    if (domainId) {
      ours.push({ ...row, domainId });
      continue;
    }
    skipped.push({ line: row.line, domain: row.domain, reason: "Not in your portfolio" });
    if (!row.valid) continue;
    const seen = unknown.get(row.domain);
    if (!seen) unknown.set(row.domain, { name: row.domain, rows: 1, firstDay: row.day });
    else {
      seen.rows += 1;
      if (row.day < seen.firstDay) seen.firstDay = row.day;
    }
  }
  const unknownDomains = [...unknown.values()].sort((a, b) => a.name.localeCompare(b.name));
  const nameOf = new Map([...owned].map(([name, id]) => [id, name]));

  await breathe();
  // Rows of one domain-day stay in one statement, which adds them up.
  const byDay = new Map<string, (ReportRow & { domainId: string })[]>();
  for (const r of ours) {
    const key = `${r.domainId}|${r.day}`;
    const group = byDay.get(key);
    if (group) group.push(r);
    else byDay.set(key, [r]);
  }
  const label = PARKING_REPORT_FORMATS[network].label;
  const stored = await db.transaction(async (tx) => {
    const written: StoredDay[] = [];
    for (const group of chunks([...byDay.values()], DAYS_PER_STATEMENT[options.engine ?? "postgres"])) {
      written.push(...(await writeDays(tx, { userId, network, rows: group.flat(), nameOf })));
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
    rowsRead: rows.length,
    imported: stored.length,
    totalRevenue: sumDecimals(stored.map((d) => d.revenue)),
    firstDay: days[0] ?? null,
    lastDay: days.at(-1) ?? null,
    skippedCount: skipped.length,
    skipped: skipped.slice(0, MAX_SKIPPED_LISTED),
    matchedDomains: owned.size,
    unknownDomains: unknownDomains.slice(0, MAX_SKIPPED_LISTED),
    unknownDomainCount: unknownDomains.length,
  };
}

/** Writes one chunk of domain-days to `parking_reports` and the ledger. */
async function writeDays(
  tx: Tx,
  chunk: {
    userId: string;
    network: TAdNetwork;
    rows: (ReportRow & { domainId: string })[];
    nameOf: Map<string, string>;
  },
): Promise<StoredDay[]> {
  const { userId, network, nameOf } = chunk;
  const input = chunk.rows.map((r) => ({
    domain_id: r.domainId,
    day: r.day,
    visitors: r.visitors,
    clicks: r.clicks,
    revenue: r.revenue,
  }));
  const written = await tx.execute<StoredDay>(sql`
    insert into parking_reports (user_id, domain_id, network, day, visitors, clicks, revenue, imported_at)
    select ${userId}, domain_id, ${network}, day, sum(visitors), sum(clicks), round(sum(revenue), 2), now()
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
      as x(domain_id uuid, day date, visitors int, clicks int, revenue numeric)
    group by domain_id, day
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
function daysBeforeOwnership(rows: ReportRow[], since: Map<string, string>): string[] {
  return rows
    .filter((r) => r.valid && since.has(r.domain) && r.day < since.get(r.domain)!)
    .map(
      (r) =>
        `line ${r.line}: ${r.domain} was not yours yet on ${r.day} (acquired ${since.get(r.domain)}; an earlier acquisition date can be set in Edit Domain)`,
    );
}
