import type pg from "pg";
import type { Logger } from "../../lib/logger";
import { clickOwners } from "./click-owners";

/** A click waits at most this long in memory before it is written... */
const FLUSH_AFTER_MS = 100;
/** ...or less, once this many are waiting: one insert of up to this many rows. */
const BATCH_ROWS = 200;
/**
 * Clicks not yet written (the database down or slow) are kept up to this many; beyond that a
 * click is dropped and counted in the log rather than growing the process without bound.
 */
const MAX_UNWRITTEN = 20_000;

/** One click on a short referral link, as the redirect saw it. */
export interface ReferralClick {
  /** Made here and carried by the redirect to registration, which credits the click. */
  id: string;
  code: string;
  source: string;
  campaign: string | null;
  at: Date;
}

export interface ClickRecorder {
  /** Keeps the click for the next batch; never waits on the database. */
  record(click: ReferralClick): void;
  /** Writes every click recorded so far; resolves once they are written (or their failure logged). */
  flush(): Promise<void>;
  /** Writes what is left and records no more in batches: for shutdown, after the server stopped taking requests. */
  close(): Promise<void>;
}

/**
 * The clicks of `/r/<code>` (docs/affiliates.md#link-analytics), kept in memory and written in
 * batches: one insert every 100 ms or 200 clicks, whichever comes first, so that a burst of
 * clicks costs the database a few statements instead of one each and the redirect never waits on
 * it. A click's owner is the code's, read through a brief cache when the batch is written (one
 * lookup for the batch's unknown codes); a click on an unknown code is not kept. The batches are written one after the other. A click whose
 * registration got there first (the row it credits not written yet) fills in the row that
 * registration made. Shutdown writes what is left; a crash loses at most the last 100 ms.
 */
export function clickRecorder(options: {
  pool: pg.Pool;
  logger: Logger;
  /** Tests hold clicks longer, to see what happens before their batch is written. */
  flushAfterMs?: number;
}): ClickRecorder {
  const { pool, logger } = options;
  const flushAfterMs = options.flushAfterMs ?? FLUSH_AFTER_MS;
  const ownersOf = clickOwners(pool);
  let waiting: ReferralClick[] = [];
  let unwritten = 0;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  // Every batch follows the previous one; this never rejects (a failure is logged).
  let writing: Promise<void> = Promise.resolve();

  const write = async (batch: ReferralClick[]) => {
    const owners = await ownersOf(batch.map((click) => click.code));
    const owned = batch.filter((click) => owners.get(click.code));
    if (owned.length === 0) return;
    await pool.query({
      name: "referral-clicks",
      text: `insert into referral_clicks (id, user_id, code, source, utm_campaign, clicked_at)
        select * from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])
        on conflict (id) do update
          set source = excluded.source, utm_campaign = excluded.utm_campaign, clicked_at = excluded.clicked_at
          where referral_clicks.code = excluded.code`,
      values: [
        owned.map((click) => click.id),
        owned.map((click) => owners.get(click.code)),
        owned.map((click) => click.code),
        owned.map((click) => click.source),
        owned.map((click) => click.campaign),
        owned.map((click) => click.at),
      ],
    });
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return writing;
    const batch = waiting;
    waiting = [];
    writing = writing
      .then(() => write(batch))
      .catch((error: unknown) =>
        logger.warn({ err: error, clicks: batch.length }, "referral clicks not recorded"),
      )
      .finally(() => {
        unwritten -= batch.length;
        if (dropped > 0) {
          logger.warn({ clicks: dropped }, "referral clicks dropped: too many waiting to be written");
          dropped = 0;
        }
      });
    return writing;
  };

  return {
    record(click) {
      if (unwritten >= MAX_UNWRITTEN) {
        dropped++;
        return;
      }
      waiting.push(click);
      unwritten++;
      if (closed || waiting.length >= BATCH_ROWS) void flush();
      else timer ??= setTimeout(flush, flushAfterMs);
    },
    flush,
    close() {
      closed = true;
      return flush();
    },
  };
}
