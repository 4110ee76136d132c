import type PgBoss from "pg-boss";
import { setReportBuildSender } from "../modules/reports/report-schedule";
import type { ReportBuildDeps } from "./build-report";
import { buildPendingReports, buildReport } from "./build-report";

/** One job per queued report, sent when it is queued. */
export const REPORT_BUILD_QUEUE = "report-build";
/** The sweep: reports whose job was lost (a restart mid-build) are built again. */
export const REPORT_SWEEP_QUEUE = "report-sweep";
export const REPORT_SWEEP_CRON = "* * * * *";

/** Until the queuing transaction commits its row is not visible: the job tries again shortly. */
const BUILD_RETRIES = { retryLimit: 10, retryDelay: 1, retryBackoff: false } as const;

export async function installReportJobs(boss: PgBoss): Promise<void> {
  await boss.createQueue(REPORT_BUILD_QUEUE);
  await boss.createQueue(REPORT_SWEEP_QUEUE, { name: REPORT_SWEEP_QUEUE, policy: "singleton" });
  await boss.schedule(REPORT_SWEEP_QUEUE, REPORT_SWEEP_CRON, {}, { tz: "UTC" });
}

/**
 * The workers: a build per queued report, polled every second so a paid report is ready within
 * seconds, and the sweep, also run once at start so that reports a stopped instance left are
 * picked up again.
 */
export async function workReportJobs(
  boss: PgBoss,
  deps: ReportBuildDeps & { pollSeconds: number },
): Promise<void> {
  // Sent before the worker starts, so that its first poll takes it.
  await boss.send(REPORT_SWEEP_QUEUE, {});
  await boss.work<{ reportId: string }>(
    REPORT_BUILD_QUEUE,
    { pollingIntervalSeconds: 1, batchSize: 1 },
    async ([job]) => {
      const outcome = await buildReport(deps, job.data.reportId);
      if (outcome === "missing") throw new Error("the report is not committed yet");
    },
  );
  await boss.work(REPORT_SWEEP_QUEUE, { pollingIntervalSeconds: deps.pollSeconds }, async () => {
    const result = await buildPendingReports(deps);
    if (result.ready + result.failed > 0) deps.logger.info(result, "waiting reports built");
  });
  setReportBuildSender((reportId) => {
    void boss
      .send(REPORT_BUILD_QUEUE, { reportId }, BUILD_RETRIES)
      .catch((err) => deps.logger.error({ err, reportId }, "could not queue a report build"));
  });
}

/** The queue is stopping: reports queued from now on wait for the sweep of another instance. */
export function stopReportJobs(): void {
  setReportBuildSender(undefined);
}
