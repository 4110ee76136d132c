import { sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Db } from "../db/pool";
import { type SyncDeps, syncConnection } from "../modules/connections/sync";
import { setConnectionSyncSender } from "../modules/connections/sync-schedule";

/** One job per connection run, sent when it is due or asked for ("Sync now"). */
export const CONNECTION_SYNC_QUEUE = "connection-sync";
/** The sweep: connections whose next run has come are queued, one job each. */
export const CONNECTION_SWEEP_QUEUE = "connection-sweep";
export const CONNECTION_SWEEP_CRON = "*/5 * * * *";

/** Until the queuing transaction commits its row may be invisible: the job tries again shortly. */
const RUN_RETRIES = { retryLimit: 3, retryDelay: 5, retryBackoff: true } as const;

/** The connections due now (not paused, not running), oldest first. */
export async function dueConnections(db: Db, now = new Date(), limit = 500): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from connections
    where paused_at is null and next_run_at <= ${now.toISOString()} and running_since is null
    order by next_run_at limit ${limit}
  `);
  return rows.map((r) => r.id);
}

/** Runs every connection due now, one after another (what the sweep's jobs do, for a CLI or a test). */
export async function syncDueConnections(deps: SyncDeps, now = new Date()) {
  const outcomes: Record<string, string> = {};
  for (const id of await dueConnections(deps.db, now))
    outcomes[id] = await syncConnection({ ...deps, now: () => now }, id);
  return outcomes;
}

export async function installConnectionJobs(boss: PgBoss): Promise<void> {
  await boss.createQueue(CONNECTION_SYNC_QUEUE);
  await boss.createQueue(CONNECTION_SWEEP_QUEUE, { name: CONNECTION_SWEEP_QUEUE, policy: "singleton" });
  await boss.schedule(CONNECTION_SWEEP_QUEUE, CONNECTION_SWEEP_CRON, {}, { tz: "UTC" });
}

/**
 * The workers: a run per connection (one at a time per instance, so a long sync never crowds
 * out the requests), keyed by the connection so the same one is never queued twice at once, and
 * the sweep that queues the due ones.
 */
export async function workConnectionJobs(
  boss: PgBoss,
  deps: SyncDeps & { pollSeconds: number },
): Promise<void> {
  const send = (connectionId: string) =>
    boss.send(CONNECTION_SYNC_QUEUE, { connectionId }, { ...RUN_RETRIES, singletonKey: connectionId });
  await boss.work<{ connectionId: string }>(
    CONNECTION_SYNC_QUEUE,
    { pollingIntervalSeconds: 1, batchSize: 1 },
    async ([job]) => {
      const outcome = await syncConnection(deps, job.data.connectionId);
      deps.logger.info({ connectionId: job.data.connectionId, outcome }, "connection synced");
    },
  );
  await boss.work(CONNECTION_SWEEP_QUEUE, { pollingIntervalSeconds: deps.pollSeconds }, async () => {
    for (const id of await dueConnections(deps.db)) await send(id);
  });
  setConnectionSyncSender((connectionId) => {
    void send(connectionId).catch((err) =>
      deps.logger.error({ err, connectionId }, "could not queue a connection sync"),
    );
  });
  // A connection made while the queue was starting found no sender: it runs now, not at the next sweep.
  for (const id of await dueConnections(deps.db)) await send(id);
}

export function stopConnectionJobs(): void {
  setConnectionSyncSender(undefined);
}
