import { and, eq, lt, or, sql } from "drizzle-orm";
import { REPORT_KINDS, type TReportKind, ZReportContent } from "../../shared/api/reports";
import { type Report, reports } from "../../shared/schema";
import type { Db } from "../db/pool";
import { AppError } from "../http/app-error";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../mail/mailer";
import { notify } from "../modules/notifications/notify";
import { REPORT_BUILDERS } from "./report-builders";

/** A build that has said nothing for this long is taken to have died with its process. */
export const STALE_BUILD_MS = 2 * 60_000;
/** Builds started before a report is failed for good. */
export const MAX_BUILD_ATTEMPTS = 3;

export interface ReportBuildDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
}

const isKind = (kind: string): kind is TReportKind => (REPORT_KINDS as readonly string[]).includes(kind);

/**
 * Takes the report for this build: a queued one, or one whose build went quiet (its process
 * died). Two workers never both take it: the update is the lock.
 */
async function claim(db: Db, reportId: string, now: Date): Promise<Report | undefined> {
  const staleBefore = new Date(now.getTime() - STALE_BUILD_MS);
  const [claimed] = await db
    .update(reports)
    .set({ status: "building", progress: 0, attempts: sql`${reports.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(reports.id, reportId),
        or(
          eq(reports.status, "queued"),
          and(eq(reports.status, "building"), lt(reports.updatedAt, staleBefore)),
        ),
      ),
    )
    .returning();
  return claimed;
}

async function fail(deps: ReportBuildDeps, report: Report, message: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [failed] = await tx
      .update(reports)
      .set({ status: "failed", error: message, updatedAt: new Date() })
      .where(and(eq(reports.id, report.id), eq(reports.status, "building")))
      .returning({ id: reports.id });
    if (!failed) return;
    await notify(tx, {
      userId: report.userId,
      kind: "report_ready",
      title: `Report failed: ${report.title}`,
      body: message,
      href: `/reports/${report.id}`,
    });
  });
}

/**
 * Builds one report with the builder of its kind, stores its content, and tells its owner (a
 * notification and an email with the link). Answers what became of it: `missing` when no such
 * row is visible yet (its transaction has not committed), `busy` when it is not waiting.
 */
export async function buildReport(
  deps: ReportBuildDeps,
  reportId: string,
  now = new Date(),
): Promise<"ready" | "failed" | "missing" | "busy"> {
  const { db } = deps;
  const [exists] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, reportId));
  if (!exists) return "missing";
  const report = await claim(db, reportId, now);
  if (!report) return "busy";
  if (report.attempts > MAX_BUILD_ATTEMPTS) {
    await fail(deps, report, "The report could not be built.");
    return "failed";
  }
  if (!isKind(report.kind)) {
    await fail(deps, report, `Reports of kind "${report.kind}" cannot be built.`);
    return "failed";
  }
  const progress = async (percent: number) => {
    await db
      .update(reports)
      .set({ progress: Math.max(0, Math.min(99, Math.round(percent))), updatedAt: new Date() })
      .where(and(eq(reports.id, report.id), eq(reports.status, "building")));
  };
  let built: Awaited<ReturnType<(typeof REPORT_BUILDERS)[TReportKind]>>;
  try {
    built = await REPORT_BUILDERS[report.kind]({ db, report, progress });
    built.content = ZReportContent.parse(built.content);
  } catch (err) {
    deps.logger.error({ err, reportId: report.id, kind: report.kind }, "report build failed");
    if (report.attempts < MAX_BUILD_ATTEMPTS && !(err instanceof AppError)) {
      // Left as a stale build, the sweep tries it again later.
      return "busy";
    }
    await fail(deps, report, err instanceof AppError ? err.message : "The report could not be built.");
    return "failed";
  }
  await db.transaction(async (tx) => {
    const title = built.title ?? report.title;
    const [ready] = await tx
      .update(reports)
      .set({
        status: "ready",
        progress: 100,
        title,
        content: built.content,
        error: null,
        readyAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(reports.id, report.id), eq(reports.status, "building")))
      .returning({ id: reports.id });
    if (!ready) return;
    const link = `${deps.appUrl}/reports/${report.id}`;
    const subject = `Your report is ready: ${title}`;
    await notify(
      tx,
      {
        userId: report.userId,
        kind: "report_ready",
        title: subject,
        body: built.content.summary,
        href: `/reports/${report.id}`,
      },
      {
        mailer: deps.mailer,
        subject,
        body: [
          "Hi,",
          "",
          `${title} is ready.`,
          "",
          built.content.summary,
          "",
          `Read it, or download it as a PDF: ${link}`,
          "",
          "Thank you for choosing ParkPilot.",
        ].join("\n"),
      },
    );
  });
  return "ready";
}

/**
 * Reports waiting for a build: queued ones older than `queuedFor` (their own job should have
 * taken them) and builds gone quiet. The sweep builds them, so none is lost to a restart.
 */
export async function pendingReportIds(db: Db, now = new Date(), queuedForMs = 0): Promise<string[]> {
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      or(
        and(eq(reports.status, "queued"), lt(reports.createdAt, new Date(now.getTime() - queuedForMs + 1))),
        and(eq(reports.status, "building"), lt(reports.updatedAt, new Date(now.getTime() - STALE_BUILD_MS))),
      ),
    )
    .orderBy(reports.createdAt)
    .limit(100);
  return rows.map((r) => r.id);
}

/** Builds every report waiting (the sweep). */
export async function buildPendingReports(
  deps: ReportBuildDeps,
  now = new Date(),
): Promise<{ ready: number; failed: number }> {
  const result = { ready: 0, failed: 0 };
  for (const id of await pendingReportIds(deps.db, now)) {
    const outcome = await buildReport(deps, id, now);
    if (outcome === "ready") result.ready++;
    if (outcome === "failed") result.failed++;
  }
  return result;
}
