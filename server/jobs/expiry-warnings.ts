import { sql } from "drizzle-orm";
import type { Db } from "../db/pool";
import type { Mailer } from "../mail/mailer";
import { notify } from "../modules/notifications/notify";

/** Days before expiry at which owners are warned, most urgent first. */
export const EXPIRY_THRESHOLDS = [1, 7, 30] as const;
const LONGEST = Math.max(...EXPIRY_THRESHOLDS);

interface DueRow extends Record<string, unknown> {
  domain_id: string;
  domain_name: string;
  expires_on: string;
  days_left: number;
  threshold: number;
  /** A notice sent before this instant belongs to an earlier term of the domain (it was renewed). */
  stale_before: string;
  user_id: string;
  email: string;
  owner_name: string;
}

interface Warning {
  domainName: string;
  expiresOn: string;
  daysLeft: number;
}

function whenText(daysLeft: number): string {
  if (daysLeft <= 0) return "today";
  return daysLeft === 1 ? "tomorrow" : `in ${daysLeft} days`;
}

function subjectFor(warnings: Warning[]): string {
  if (warnings.length === 1) {
    const [w] = warnings;
    return `Domain expiry warning: ${w.domainName} expires ${whenText(w.daysLeft)}`;
  }
  return `Domain expiry warning: ${warnings.length} of your domains expire soon`;
}

function bodyFor(ownerName: string, warnings: Warning[]): string {
  const lines = warnings.map((w) => `- ${w.domainName} expires ${whenText(w.daysLeft)} (${w.expiresOn})`);
  return [
    `Hi ${ownerName},`,
    "",
    warnings.length === 1
      ? "One of your domains is about to expire:"
      : "Some of your domains are about to expire:",
    "",
    ...lines,
    "",
    "Renew with your registrar to keep the domain's parking revenue, leads and marketplace listing.",
    "",
    "You receive this because Domain Expiry Warnings are on in your ParkPilot settings; you can switch them off there.",
  ].join("\n");
}

/**
 * Warns owners (with Domain Expiry Warnings on) about their domains that expire within 30, 7 or
 * 1 days, counted in calendar days of the owner's time zone. Each domain is warned once per
 * threshold and term: the notice row is claimed in the same transaction that queues the mail,
 * so concurrent runs and reruns never send twice. A domain found late (say with 20 days left)
 * gets the warning of the threshold it is in. One mail per owner lists all of their domains due.
 */
export async function sendExpiryWarnings(options: {
  db: Db;
  mailer: Mailer;
  now?: Date;
}): Promise<{ mails: number; notices: number }> {
  const { db, mailer } = options;
  const now = (options.now ?? new Date()).toISOString();
  const { rows } = await db.execute<DueRow>(sql`
    with candidates as (
      select d.id as domain_id, d.name as domain_name, d.expiry_date,
        to_char((d.expiry_date at time zone u.time_zone)::date, 'FMMonth FMDD, YYYY') as expires_on,
        (d.expiry_date at time zone u.time_zone)::date - (${now}::timestamptz at time zone u.time_zone)::date
          as days_left,
        u.id as user_id, u.email, u.name as owner_name
      from domains d join users u on u.id = d.user_id
      where u.notify_expiry and d.sold_at is null
        and d.expiry_date > ${now}::timestamptz - interval '2 days'
        and d.expiry_date < ${now}::timestamptz + ${`${LONGEST + 2} days`}::interval
    ),
    due as (
      select c.*, (
        select min(t) from unnest(${sql.raw(`array[${EXPIRY_THRESHOLDS.join(",")}]`)}) t where c.days_left <= t
      ) as threshold
      from candidates c
      where c.days_left between 0 and ${LONGEST}
    )
    select due.domain_id, due.domain_name, due.expires_on, due.days_left::int as days_left,
      due.threshold::int as threshold, due.user_id, due.email, due.owner_name,
      (due.expiry_date - ${`${LONGEST + 1} days`}::interval)::text as stale_before
    from due
    where not exists (
      select 1 from expiry_notices n
      where n.domain_id = due.domain_id and n.threshold_days = due.threshold
        and n.sent_at >= due.expiry_date - ${`${LONGEST + 1} days`}::interval
    )
    order by due.user_id, due.days_left, due.domain_name
  `);

  const byOwner = new Map<string, DueRow[]>();
  for (const row of rows) byOwner.set(row.user_id, [...(byOwner.get(row.user_id) ?? []), row]);
  let mails = 0;
  let notices = 0;
  for (const ownerRows of byOwner.values()) {
    const claimed = await db.transaction(async (tx) => {
      const warnings: Warning[] = [];
      for (const row of ownerRows) {
        const { rows: won } = await tx.execute(sql`
          insert into expiry_notices (domain_id, threshold_days, sent_at)
          values (${row.domain_id}, ${row.threshold}, ${now})
          on conflict (domain_id, threshold_days) do update set sent_at = excluded.sent_at
            where expiry_notices.sent_at < ${row.stale_before}::timestamptz
          returning domain_id
        `);
        if (won.length > 0) {
          warnings.push({ domainName: row.domain_name, expiresOn: row.expires_on, daysLeft: row.days_left });
        }
      }
      const [owner] = ownerRows;
      if (warnings.length > 0) {
        const subject = subjectFor(warnings);
        await notify(
          tx,
          {
            userId: owner.user_id,
            kind: "domain_expiring",
            title: subject.replace("Domain expiry warning: ", ""),
            body: "Renew with your registrar to keep the domain's parking revenue, leads and listing.",
            href: "/domains",
          },
          { mailer, subject, body: bodyFor(owner.owner_name, warnings) },
        );
      }
      return warnings.length;
    });
    notices += claimed;
    if (claimed > 0) mails += 1;
  }
  return { mails, notices };
}
