import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { payoutAccounts, users } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError } from "../../http/app-error";
import type { PayoutRailName } from "../../payments/provider";

type AccountRow = typeof payoutAccounts.$inferSelect;

/** What Stripe's `requirements.disabled_reason` means, in plain words. */
const DISABLED_WORDS: Record<string, string> = {
  "requirements.past_due": "Stripe needs more information that is now overdue",
  "requirements.pending_verification": "Stripe is verifying the information you gave",
  "rejected.fraud": "Stripe closed the account (suspected fraud)",
  "rejected.terms_of_service": "Stripe closed the account (terms of service)",
  "rejected.listed": "Stripe closed the account (listed on a sanctions list)",
  "rejected.other": "Stripe closed the account",
  listed: "Stripe is reviewing the account against sanctions lists",
  under_review: "Stripe is reviewing the account",
  other: "Stripe paused the account",
};

/** A bank account's state as the owner reads it in Payout Settings. */
export function bankAccountState(row: AccountRow): {
  state: "onboarding" | "verifying" | "requirements-due" | "disabled" | "ready";
  words: string;
  requirementsDue: string[];
} {
  const due = row.requirementsDue ?? [];
  if (row.disabledReason && !row.payoutsEnabled) {
    const why = DISABLED_WORDS[row.disabledReason] ?? `Stripe paused the account (${row.disabledReason})`;
    return { state: "disabled", words: `Payouts are paused: ${why}.`, requirementsDue: due };
  }
  if (row.payoutsEnabled)
    return { state: "ready", words: "Ready: payouts go to your bank account.", requirementsDue: due };
  if (!row.detailsSubmitted)
    return {
      state: "onboarding",
      words: "Not finished: continue with Stripe to give your identity and bank details.",
      requirementsDue: due,
    };
  if (due.length > 0)
    return {
      state: "requirements-due",
      words: `Stripe needs ${due.length} more detail${due.length === 1 ? "" : "s"} before it can pay you.`,
      requirementsDue: due,
    };
  return { state: "verifying", words: "Stripe is checking your details.", requirementsDue: due };
}

export async function payoutAccountOf(db: DbOrTx, userId: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  return row ?? null;
}

/** `GET /api/payouts/account`: the payee's rail and, for a bank account, its state in plain words. */
export async function getPayoutAccount(db: DbOrTx, userId: string) {
  const row = await payoutAccountOf(db, userId);
  return {
    rail: (row?.rail ?? "paypal") as PayoutRailName,
    bankAccount: row?.stripeAccountId ? bankAccountState(row) : null,
  };
}

/** The payee picks PayPal, one payout at a time or in the next batch run. */
export async function choosePayPalRail(db: DbOrTx, userId: string, rail: "paypal" | "paypal-batch") {
  await db
    .insert(payoutAccounts)
    .values({ userId, rail })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: { rail, updatedAt: new Date() } });
  return getPayoutAccount(db, userId);
}

/**
 * "Bank account" in Payout Settings: the Stripe Connect Express account is created once (keyed by
 * the user, with payouts made by us, one per ParkPilot payout), the rail becomes Stripe, and a
 * fresh onboarding link is answered: Stripe's hosted pages collect identity and bank details.
 */
export async function startBankOnboarding(options: {
  db: DbOrTx;
  stripe: Stripe | null;
  userId: string;
  origin: string;
}): Promise<{ url: string }> {
  const { db, stripe, userId } = options;
  if (!stripe)
    throw new AppError(
      "CONFLICT",
      "Bank payouts need Stripe Connect, and this server has no Stripe keys: choose PayPal.",
    );
  let row = await payoutAccountOf(db, userId);
  if (!row?.stripeAccountId) {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const account = await stripe.accounts.create(
      {
        type: "express",
        email: user.email,
        capabilities: { transfers: { requested: true } },
        settings: { payouts: { schedule: { interval: "manual" } } },
        metadata: { userId },
      },
      { idempotencyKey: `connect-account:${userId}` },
    );
    [row] = await db
      .insert(payoutAccounts)
      .values({ userId, rail: "stripe", stripeAccountId: account.id })
      .onConflictDoUpdate({
        target: payoutAccounts.userId,
        set: { rail: "stripe", stripeAccountId: account.id, updatedAt: new Date() },
      })
      .returning();
  } else if (row.rail !== "stripe") {
    await db
      .update(payoutAccounts)
      .set({ rail: "stripe", updatedAt: new Date() })
      .where(eq(payoutAccounts.userId, userId));
  }
  const back = `${options.origin}/settings`;
  const link = await stripe.accountLinks.create({
    account: row?.stripeAccountId as string,
    type: "account_onboarding",
    refresh_url: `${back}?bank=refresh`,
    return_url: `${back}?bank=return`,
  });
  return { url: link.url };
}

/** An `account.updated` webhook: the account's state as Stripe now says it. */
export async function applyAccountUpdated(db: DbOrTx, account: Stripe.Account): Promise<void> {
  await db
    .update(payoutAccounts)
    .set({
      detailsSubmitted: Boolean(account.details_submitted),
      payoutsEnabled: Boolean(account.payouts_enabled),
      requirementsDue: account.requirements?.currently_due ?? [],
      disabledReason: account.requirements?.disabled_reason ?? null,
      updatedAt: new Date(),
    })
    .where(eq(payoutAccounts.stripeAccountId, account.id));
}
