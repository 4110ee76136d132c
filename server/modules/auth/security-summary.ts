import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { AUDIT_EVENT_LABELS, type TAuditEvent } from "../../../shared/api/auth/security";
import { auditLog } from "../../../shared/schema";
import { billingNow } from "../../db/billing-clock";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { describeDevice } from "../../lib/device-name";
import { placeOf } from "../../lib/place";
import type { Mailer } from "../../mail/mailer";
import { SECURITY_LEVEL_FEATURES } from "../entitlements/security-level";
import { listSessions } from "./sessions.service";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Each list of the mail shows this many lines, then says how many more there were. */
const LISTED = 10;
/** Events of signing in and out; every other event of the log is a change to the account. */
const SIGN_IN_EVENTS: readonly TAuditEvent[] = ["sign_in", "sign_in_failed", "sign_out", "reauthenticated"];

interface Recipient extends Record<string, unknown> {
  id: string;
  email: string;
  name: string;
  time_zone: string;
}

interface Entry {
  event: string;
  address: string | null;
  userAgent: string | null;
  createdAt: Date;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const where = (userAgent: string | null, address: string | null) => {
  const place = placeOf(address);
  return `${describeDevice(userAgent)}${address ? ` at ${address}` : ""}${place ? ` (${place})` : ""}`;
};

function listed(lines: string[]): string[] {
  const more = lines.length - LISTED;
  return [...lines.slice(0, LISTED), ...(more > 0 ? [`- and ${more} more`] : [])];
}

/** The mail of one account's week: its sign-ins, failed attempts, sessions now and changes. */
function summaryMail(options: {
  name: string;
  timeZone: string;
  from: Date;
  to: Date;
  entries: Entry[];
  sessions: { device: string; address: string | null; place: string | null; lastSeenAt: string | null }[];
}) {
  const { entries, sessions } = options;
  const at = new Intl.DateTimeFormat("en-US", {
    timeZone: options.timeZone,
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const day = new Intl.DateTimeFormat("en-US", { timeZone: options.timeZone, month: "long", day: "numeric" });
  const signIns = entries.filter((e) => e.event === "sign_in");
  const failed = entries.filter((e) => e.event === "sign_in_failed");
  const changes = entries.filter((e) => !SIGN_IN_EVENTS.includes(e.event as TAuditEvent));
  const devices = new Set(signIns.map((e) => describeDevice(e.userAgent)));
  const label = (event: string) => AUDIT_EVENT_LABELS[event as TAuditEvent] ?? event;
  const subject = `Your weekly security summary: ${plural(signIns.length, "sign-in")}, ${failed.length} failed, ${plural(changes.length, "change")}`;
  const body = [
    `Hello ${options.name},`,
    "",
    `Here is what happened on your ParkPilot account from ${day.format(options.from)} to ${day.format(options.to)} (times in ${options.timeZone}).`,
    "",
    `Sign-ins: ${signIns.length}${signIns.length ? ` from ${plural(devices.size, "device")}` : ""}`,
    ...listed(signIns.map((e) => `- ${at.format(e.createdAt)}: ${where(e.userAgent, e.address)}`)),
    "",
    `Failed sign-in attempts: ${failed.length}`,
    ...listed(failed.map((e) => `- ${at.format(e.createdAt)}: ${where(e.userAgent, e.address)}`)),
    "",
    `Signed-in sessions now: ${sessions.length}`,
    ...listed(
      sessions.map(
        (s) =>
          `- ${s.device}${s.address ? ` at ${s.address}` : ""}${s.place ? ` (${s.place})` : ""}${s.lastSeenAt ? `, last seen ${at.format(new Date(s.lastSeenAt))}` : ""}`,
      ),
    ),
    "",
    `Changes to your account: ${changes.length}`,
    ...listed(changes.map((e) => `- ${at.format(e.createdAt)}: ${label(e.event)}`)),
    "",
    "Anything you don't recognise? Change your password, then review your sessions and devices in",
    "Settings → Security (Lock down my account signs out everywhere at once).",
    "",
    "You receive this summary every week with your Enhanced Security level.",
  ].join("\n");
  return { subject, body };
}

/**
 * Mails every account that holds an Enhanced Security level its weekly security summary: the
 * last seven days' sign-ins, failed attempts and changes from its audit log, and its sessions now.
 * One mail per account and week: the week is claimed in the transaction that queues the mail, so
 * concurrent runs and reruns never send it twice.
 */
export async function sendSecuritySummaries(options: {
  db: Db;
  mailer: Mailer;
  now?: Date;
}): Promise<{ mails: number }> {
  const { db, mailer } = options;
  const now = options.now ?? new Date();
  const from = new Date(now.getTime() - WEEK_MS);
  // Entitlements are read on the billing clock, as every feature reads them.
  const entitledAt = (await billingNow(db)).toISOString();
  const week = sql`date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'UTC')::date`;
  const { rows } = await db.execute<Recipient>(sql`
    select u.id, u.email, u.name, u.time_zone from users u
    where exists (
      select 1 from entitlements e
      where e.user_id = u.id and e.status <> 'ended'
        and e.feature in (${sql.join(
          SECURITY_LEVEL_FEATURES.map((f) => sql`${f}`),
          sql`, `,
        )})
        and e.starts_at <= ${entitledAt}::timestamptz
        and (e.ends_at is null or e.ends_at > ${entitledAt}::timestamptz)
    )
    and not exists (select 1 from security_summaries s where s.user_id = u.id and s.week = ${week})
    order by u.id
  `);
  let mails = 0;
  for (const user of rows) {
    const sent = await db.transaction(async (tx) => {
      const { rows: claimed } = await tx.execute(sql`
        insert into security_summaries (user_id, week, sent_at) values (${user.id}, ${week}, ${now.toISOString()})
        on conflict do nothing returning user_id
      `);
      if (claimed.length === 0) return false;
      const entries = await weekOfLog(tx, user.id, from, now);
      const sessions = await listSessions({ db: tx, userId: user.id, currentSid: "" });
      const mail = summaryMail({
        name: user.name,
        timeZone: user.time_zone,
        from,
        to: now,
        entries,
        sessions,
      });
      await mailer.send(tx, { to: user.email, ...mail });
      return true;
    });
    if (sent) mails += 1;
  }
  return { mails };
}

function weekOfLog(db: DbOrTx, userId: string, from: Date, to: Date): Promise<Entry[]> {
  return db
    .select({
      event: auditLog.event,
      address: auditLog.address,
      userAgent: auditLog.userAgent,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), gte(auditLog.createdAt, from), lt(auditLog.createdAt, to)))
    .orderBy(desc(auditLog.createdAt));
}
