import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Request, RequestHandler, Response } from "express";
import type { Db } from "../db/pool";
import { userId } from "./handler";

/**
 * How long one ETag of a polled read may stand although nothing was written: the reads depend on
 * the clock too (today's hours, "yesterday at this time", a goal's period). Local midnights, hours
 * and month starts fall on quarter hours in every time zone, so within one quarter hour only the
 * "same time yesterday / last month" comparisons move, and they are at most this far behind.
 */
export const READ_WINDOW_MS = 15 * 60_000;

/** The account's version: raised by triggers in the transaction of every write the polled reads show. */
export async function accountVersion(db: Db, accountId: string): Promise<number> {
  const { rows } = await db.execute<{ version: string }>(
    sql`select version from account_versions where user_id = ${accountId}`,
  );
  return rows[0] ? Number(rows[0].version) : 0;
}

/** Tags a polled read's answer: `ETag` from the account's version, the quarter hour and the address asked for. */
export function tagVersion(req: Request, res: Response, version: number, now: () => number = Date.now): void {
  const scope = createHash("sha256")
    .update(`${userId(req)} ${req.originalUrl}`)
    .digest("base64url")
    .slice(0, 16);
  res.setHeader("Cache-Control", "private, no-cache");
  res.setHeader("ETag", `W/"${scope}.${version}.${Math.floor(now() / READ_WINDOW_MS)}"`);
}

/**
 * A polled read of the signed-in account (docs/architecture.md#polled-reads): its ETag is the
 * account's version, the quarter hour and the address asked for, so `If-None-Match` is answered
 * 304 from one primary-key read, before the read's own queries run. The version is read before the
 * answer is built, so an answer is never tagged with a version newer than what it shows (a write
 * in between costs one more 200, never a stale 304). A signed-out request is refused with 401.
 *
 * With `versionInAnswer`, a request without `If-None-Match` (nothing to answer 304) skips that
 * read: the route reads the version in its own statement, in the same snapshot as the answer, and
 * tags it with `tagVersion` (one database round trip less on a first load).
 */
export function versionedRead(
  db: Db,
  now: () => number = Date.now,
  options: { versionInAnswer?: boolean } = {},
): RequestHandler {
  return async (req, res, next) => {
    try {
      const account = userId(req);
      if (options.versionInAnswer && req.headers["if-none-match"] === undefined) {
        next();
        return;
      }
      tagVersion(req, res, await accountVersion(db, account), now);
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
