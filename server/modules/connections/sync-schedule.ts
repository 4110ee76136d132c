/**
 * How "Sync now" and a new connection reach the job queue without this module knowing it: the
 * queue registers its sender at start (`server/jobs/connection-sync-job.ts`). Without one (a CLI,
 * a test that starts no queue) the connection waits for the next sweep, its `next_run_at` now.
 */
type Sender = (connectionId: string) => void;

let sender: Sender | undefined;

export function setConnectionSyncSender(send: Sender | undefined): void {
  sender = send;
}

export function scheduleConnectionSync(connectionId: string): void {
  sender?.(connectionId);
}
