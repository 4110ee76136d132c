import { sql } from "drizzle-orm";
import type { TAdNetwork } from "../../../shared/api/domains";
import {
  PARKING_REPORT_FORMATS,
  type TParkingImportResult,
  type TSkippedReportRow,
  type TUnknownReportDomain,
} from "../../../shared/api/parking";
import { centsToDecimal } from "../../../shared/money";
import type { Database, Db } from "../../db/pool";
import { breathe, chunks } from "../../lib/breathe";
import { refuseIfAny } from "../../workers/read-report";
import { dayNumber, dayText, linesOf, microsText, type ReportColumns } from "../../workers/report-columns";
import { runInWorker } from "../../workers/worker-pool";
import { assertPlanAllows } from "../plans/plan-limits";
import { writeParkingDays } from "./write-parking-days";

const MAX_SKIPPED_LISTED = 100;
/**
 * Domain-days written per statement: a 50,000-row report becomes many short statements, between
 * which other requests are served. The embedded engine runs its statements in this very process,
 * so it gets smaller ones.
 */
const DAYS_PER_STATEMENT = { postgres: 1_000, pglite: 40 } as const;

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
  // Refused before the file is read when today's imports are used up.
  await assertPlanAllows(db, userId, { kind: "import-parking-report", spend: false });
  const report = await runInWorker("parkingReport", { csv: options.csv, network });

  const names = report.domains.filter((_, i) => report.valid[i]);
  /** The domain id of each of the report's domains that is in the portfolio. */
  const domainIds: (string | undefined)[] = [];
  const nameOf = new Map<string, string>();
  if (names.length > 0) {
    const found = await db.execute<{ id: string; name: string; since: string }>(
      sql`select id, name, to_char(registration_date at time zone 'UTC', 'YYYY-MM-DD') as since
          from domains where user_id = ${userId} and name = any(${sql.param(names)}::text[])`,
    );
    const byName = new Map(found.rows.map((d) => [d.name, d]));
    for (const [i, name] of report.domains.entries()) {
      const domain = report.valid[i] ? byName.get(name) : undefined;
      domainIds[i] = domain?.id;
      if (domain) nameOf.set(domain.id, name);
    }
    refuseIfAny(daysBeforeOwnership(report, found.rows));
  }
  await breathe();
  const ours: number[] = [];
  for (let i = 0; i < report.domain.length; i++) if (domainIds[report.domain[i]]) ours.push(i);
  const skipped = skippedRows(report, domainIds);
  const unknownDomains = unknownDomainsOf(report, domainIds);

  await breathe();
  const label = PARKING_REPORT_FORMATS[network].label;
  await db.transaction(async (tx) => {
    // Counted with the import: a refused or failed one gives today's allowance back.
    await assertPlanAllows(tx, userId, { kind: "import-parking-report", spend: true });
    for (const part of chunks(ours, DAYS_PER_STATEMENT[options.engine ?? "postgres"])) {
      const days = part.map((i) => ({
        domain_id: domainIds[report.domain[i]]!,
        day: dayText(report.day[i]),
        visitors: report.visitors[i],
        clicks: report.clicks[i],
        revenue: microsText(report.micros[i]),
      }));
      await writeParkingDays(tx, { userId, network, days, nameOf });
      await breathe();
    }
    if (ours.length > 0) {
      await tx.execute(sql`
        insert into account_events (user_id, kind, description)
        values (${userId}, 'parking_report_imported', ${`Imported a ${label} report (${ours.length} domain-days)`})
      `);
    }
  });

  // Each day is stored in cents, rounded half up (no figure is negative).
  let cents = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const i of ours) {
    cents += Math.floor((report.micros[i] + 5_000) / 10_000);
    first = Math.min(first, report.day[i]);
    last = Math.max(last, report.day[i]);
  }
  return {
    network,
    rowsRead: report.rowsRead,
    imported: ours.length,
    totalRevenue: centsToDecimal(cents),
    firstDay: ours.length > 0 ? dayText(first) : null,
    lastDay: ours.length > 0 ? dayText(last) : null,
    skippedCount: skipped.count,
    skipped: skipped.first,
    matchedDomains: nameOf.size,
    unknownDomains: unknownDomains.slice(0, MAX_SKIPPED_LISTED),
    unknownDomainCount: unknownDomains.length,
  };
}

/**
 * A domain earns nothing on days before it was the owner's: its registration date (the day it
 * was acquired; the day it was added unless the owner set it).
 */
function daysBeforeOwnership(report: ReportColumns, owned: { name: string; since: string }[]): string[] {
  const since = new Map(owned.map((d) => [d.name, d.since]));
  const sinceOf = report.domains.map((name, i) => (report.valid[i] ? since.get(name) : undefined));
  const problems: { line: number; text: string }[] = [];
  for (let i = 0; i < report.domain.length; i++) {
    const acquired = sinceOf[report.domain[i]];
    if (acquired === undefined || report.day[i] >= dayNumber(acquired)) continue;
    const domain = report.domains[report.domain[i]];
    const text = `${domain} was not yours yet on ${dayText(report.day[i])} (acquired ${acquired}; an earlier acquisition date can be set in Edit Domain)`;
    for (const line of linesOf(report, i)) problems.push({ line, text });
  }
  return problems.sort((a, b) => a.line - b.line).map((p) => `line ${p.line}: ${p.text}`);
}

/** The rows for domains outside the portfolio: how many, and the first of them in the file's order. */
function skippedRows(
  report: ReportColumns,
  domainIds: (string | undefined)[],
): { count: number; first: TSkippedReportRow[] } {
  const lines: number[] = [];
  const domainOfLine = new Map<number, string>();
  for (let i = 0; i < report.domain.length; i++) {
    if (domainIds[report.domain[i]]) continue;
    for (const line of linesOf(report, i)) {
      lines.push(line);
      domainOfLine.set(line, report.domains[report.domain[i]]);
    }
  }
  const first = Int32Array.from(lines).sort().subarray(0, MAX_SKIPPED_LISTED);
  return {
    count: lines.length,
    first: [...first].map((line) => ({
      line,
      domain: domainOfLine.get(line)!,
      reason: "Not in your portfolio",
    })),
  };
}

/**
 * The valid domains the report names that are not in the portfolio, each with its rows and first
 * day, by name: what the owner may want to add before importing again.
 */
function unknownDomainsOf(report: ReportColumns, domainIds: (string | undefined)[]): TUnknownReportDomain[] {
  const unknown = new Map<number, TUnknownReportDomain>();
  for (let i = 0; i < report.domain.length; i++) {
    const d = report.domain[i];
    if (domainIds[d] || !report.valid[d]) continue;
    const rows = linesOf(report, i).length;
    const day = dayText(report.day[i]);
    const seen = unknown.get(d);
    if (!seen) unknown.set(d, { name: report.domains[d], rows, firstDay: day });
    else {
      seen.rows += rows;
      if (day < seen.firstDay) seen.firstDay = day;
    }
  }
  return [...unknown.values()].sort((a, b) => a.name.localeCompare(b.name));
}
