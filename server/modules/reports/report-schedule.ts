/**
 * How a queued report reaches the build job without the reports module knowing the job queue:
 * the queue registers its sender at start (`server/jobs/report-jobs.ts`). Without one (a CLI, a
 * test that starts no queue) the report waits for the next sweep or a direct `buildReport`.
 */
type Sender = (reportId: string) => void;

let sender: Sender | undefined;

export function setReportBuildSender(send: Sender | undefined): void {
  sender = send;
}

/**
 * Asks for a build now. The caller's transaction may not have committed yet (the embedded
 * engine's one connection even waits for it), so this never waits: the job retries until the
 * row is visible.
 */
export function scheduleReportBuild(reportId: string): void {
  sender?.(reportId);
}
