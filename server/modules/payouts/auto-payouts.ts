import { sql } from "drizzle-orm";
import { formatUsd } from "../../../shared/money";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import type { Logger } from "../../lib/logger";
import type { Mailer } from "../../mail/mailer";
import type { PayoutRails, PayoutSender } from "../../payments/provider";
import { availableOf } from "../ledger/balance-of";
import { requestPayout } from "./payouts.service";

const PAGE = 100;

interface DueRow extends Record<string, unknown> {
  user_id: string;
  email: string;
  available: string;
  period: string;
  paypal_email: string;
}

export interface AutoPayoutRun {
  sent: number;
  held: number;
  /** Sent, the provider's answer still awaited (the reconciliation job settles it). */
  processing: number;
  failed: number;
  /** Refused before any debit: the account is frozen, or its balance changed meanwhile. */
  skipped: number;
  /** Broke unexpectedly (logged); the next run tries again, and the other accounts are still paid. */
  errors: number;
}

/**
 * Accounts whose automatic payout is due: auto payout on, weekly or monthly, available funds at
 * or above the owner's minimum, a completed payout to pay to again, and no automatic payout yet
 * for the current period. A weekly period starts on Monday, a monthly one on the 1st, at
 * midnight in the owner's time zone. Keyset-paged by user id.
 */
async function dueAccounts(db: Db, now: Date, after: string): Promise<DueRow[]> {
  const at = now.toISOString();
  const { rows } = await db.execute<DueRow>(sql`
    with due as (
      select u.id as user_id, u.email, ${availableOf(sql`u.id`)}::text as available,
        case u.payout_frequency
          when 'weekly' then 'weekly:' || to_char(date_trunc('week', ${at}::timestamptz at time zone u.time_zone), 'YYYY-MM-DD')
          else 'monthly:' || to_char(${at}::timestamptz at time zone u.time_zone, 'YYYY-MM')
        end as period,
        (select p.paypal_email from payouts p where p.user_id = u.id and p.status = 'completed'
          order by p.created_at desc, p.id desc limit 1) as paypal_email
      from users u
      where u.auto_payout and u.payout_frequency in ('weekly', 'monthly')
        and ${availableOf(sql`u.id`)} >= u.min_payout and u.id > ${after}::uuid
    )
    select * from due
    where paypal_email is not null
      and not exists (select 1 from payouts p where p.user_id = due.user_id and p.scheduled_period = due.period)
    order by user_id
    limit ${PAGE}
  `);
  return rows;
}

/**
 * The scheduled payout run: each due account's whole available balance goes out through the one
 * payout service, as a manual payout does (the same minimum, the same review rules, the same
 * freeze of a suspended or locked-down account, the same history), once per period.
 *
 * No one is signed in, so nothing can be re-confirmed: instead the payout only ever goes to the
 * PayPal account of the owner's last completed payout (a destination already sent to, after its
 * own review), and the switch, minimum and frequency can only be changed after a recent sign-in.
 * A payout above the review threshold waits for staff as any other does.
 */
export async function runAutoPayouts(options: {
  db: Db;
  mailer: Mailer;
  sender: PayoutSender;
  /** With them, each account is paid by its own rail (a bank account, PayPal in batches). */
  rails?: PayoutRails;
  logger: Logger;
  reviewAbove: string;
  now?: Date;
}): Promise<AutoPayoutRun> {
  const run: AutoPayoutRun = { sent: 0, held: 0, processing: 0, failed: 0, skipped: 0, errors: 0 };
  if (options.sender.name === "unavailable") return run;
  const now = options.now ?? new Date();
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const page = await dueAccounts(options.db, now, after);
    for (const account of page) await payOne(options, account, run);
    if (page.length < PAGE) return run;
    after = page[page.length - 1].user_id;
  }
}

async function payOne(
  options: Parameters<typeof runAutoPayouts>[0],
  account: DueRow,
  run: AutoPayoutRun,
): Promise<void> {
  const { db, mailer, logger } = options;
  const what = `Your automatic payout of ${formatUsd(account.available)} to ${account.paypal_email}`;
  try {
    const answer = await requestPayout({
      ...options,
      userId: account.user_id,
      amount: account.available,
      paypalEmail: account.paypal_email,
      scheduledPeriod: account.period,
    });
    if (answer.status === "held") run.held += 1;
    else if (answer.status === "processing") run.processing += 1;
    else {
      run.sent += 1;
      await mailer.send(db, {
        to: account.email,
        subject: "Your automatic payout was sent",
        body: `${what} was sent (auto payout, ${periodText(account.period)}).\n\nYou can switch auto payout off, or change its minimum and frequency, in Settings → Payout Settings.`,
      });
    }
  } catch (err) {
    if (!(err instanceof AppError)) {
      run.errors += 1;
      logger.error({ err, userId: account.user_id, period: account.period }, "auto payout broke");
      return;
    }
    if (err.code !== "PAYMENT_FAILED") {
      // Frozen, below the minimum after a change, or paid by another run: nothing was debited.
      run.skipped += 1;
      logger.info(
        { userId: account.user_id, period: account.period, reason: err.message },
        "auto payout skipped",
      );
      return;
    }
    run.failed += 1;
    await mailer.send(db, {
      to: account.email,
      subject: "Your automatic payout could not be sent",
      body: `${what} was refused by PayPal, and the amount is back in your available balance.\n\nCheck that the PayPal account can receive payments, then request a payout on the Payments page.`,
    });
  }
}

/** "weekly:2026-11-23" → "week of 2026-11-23"; "monthly:2026-11" → "month of 2026-11". */
function periodText(period: string): string {
  const [frequency, start] = period.split(":");
  return `${frequency === "weekly" ? "week" : "month"} of ${start}`;
}
