import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { DEFAULT_AFFILIATE_LEVEL } from "../../../shared/api/affiliates";
import { affiliates, knownDevices, type User, users } from "../../../shared/schema";
import type { Tx } from "../../db/tx";
import type { Mailer } from "../../mail/mailer";
import { recordAudit } from "../audit/audit-log";
import type { RegisteredFrom } from "../auth/auth.service";
import { hashToken } from "../auth/known-devices";
import { notify } from "../notifications/notify";
import { publicNetworkOf } from "../parked-pages/visitor-network";
import { commissionRateFor } from "./commission-rate";
import { newInvitationCode } from "./invite-affiliate";

/** How a refused self-referral appears in the audit log (the registration's own events carry its address). */
const REGISTRATION_META = { address: "registration", userAgent: "referral check" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Referrer = { id: string; name: string };

const referrerColumns = {
  id: users.id,
  name: users.name,
};

/**
 * Makes `user` the referral of whoever owns `code`: an invitation's code activates that
 * invitation; a user's personal code makes them a level-1 affiliate of that user (taking over
 * an open invitation the same user sent to this address). Returns the referrer, or nothing
 * when the code is unknown or already used, in which case registration simply goes on.
 */
async function attachReferral(tx: Tx, user: User, code: string): Promise<Referrer | undefined> {
  const [invitation] = await tx
    .select({ id: affiliates.id, referrer: referrerColumns })
    .from(affiliates)
    .innerJoin(users, eq(users.id, affiliates.userId))
    .where(and(eq(affiliates.referralCode, code), isNull(affiliates.referredUserId)))
    .for("update", { of: affiliates });
  if (invitation) {
    await tx
      .update(affiliates)
      .set({ referredUserId: user.id, isActive: true })
      .where(eq(affiliates.id, invitation.id));
    return invitation.referrer;
  }

  const [referrer] = await tx.select(referrerColumns).from(users).where(eq(users.referralCode, code));
  if (!referrer || referrer.id === user.id) return undefined;
  const [openInvitation] = await tx
    .update(affiliates)
    .set({ referredUserId: user.id, isActive: true })
    .where(
      and(
        eq(affiliates.userId, referrer.id),
        eq(sql`lower(${affiliates.email})`, user.email.toLowerCase()),
        isNull(affiliates.referredUserId),
      ),
    )
    .returning({ id: affiliates.id });
  if (!openInvitation) {
    await tx.insert(affiliates).values({
      userId: referrer.id,
      email: user.email,
      level: DEFAULT_AFFILIATE_LEVEL,
      commissionRate: await commissionRateFor(tx, { userId: referrer.id, level: DEFAULT_AFFILIATE_LEVEL }),
      referralCode: newInvitationCode(),
      referredUserId: user.id,
      isActive: true,
    });
  }
  return referrer;
}

/** How long a referrer's sign-in from a network counts as theirs. */
const NETWORK_DAYS = 90;

/** The account whose code this is: its own referral code, or an open invitation it sent. */
async function ownerOfCode(tx: Tx, code: string): Promise<string | null> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    select u.id from users u
    where u.referral_code = ${code}
      or u.id = (select a.user_id from affiliates a where a.referral_code = ${code} and a.referred_user_id is null)
    limit 1
  `);
  return rows[0]?.id ?? null;
}

/**
 * Why the registration is the referrer's own second account, if it is: the registering browser is
 * one the referrer signs in with (its device cookie), or it registers from a public network (a /24
 * or /48) the referrer signed in from lately. Its purchases would pay the referrer commission on
 * their own money. A shared address of a machine room or proxy (loopback, private) tells nothing.
 */
async function selfReferral(
  tx: Tx,
  referrerId: string,
  from: RegisteredFrom,
): Promise<"same device" | "same network" | null> {
  const devices = await tx
    .select({ tokenHash: knownDevices.tokenHash, address: knownDevices.address })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.userId, referrerId),
        gt(knownDevices.lastSeenAt, sql`now() - make_interval(days => ${NETWORK_DAYS})`),
      ),
    );
  if (from.deviceToken && devices.some((d) => d.tokenHash === hashToken(from.deviceToken ?? "")))
    return "same device";
  const network = publicNetworkOf(from.address);
  if (network && devices.some((d) => publicNetworkOf(d.address ?? undefined) === network))
    return "same network";
  return null;
}

/**
 * The registration hook (the app's `onRegistered`): runs inside the registration transaction, so
 * the account and its referral link commit together. Tells the referrer (by email too when they
 * asked for affiliate updates).
 */
export function linkReferral(deps: { mailer: Mailer }) {
  return async (tx: Tx, user: User, from: RegisteredFrom = {}): Promise<void> => {
    const code = from.referralCode?.trim();
    if (!code) return;
    const { referralClick } = from;
    // Self-referral: the account is made, without a referrer, and both accounts are flagged for staff.
    const owner = await ownerOfCode(tx, code);
    const reason = owner ? await selfReferral(tx, owner, from) : null;
    if (owner && reason) {
      const detail = { reason, referrer: owner, account: user.id };
      for (const userId of [owner, user.id])
        await recordAudit(tx, { userId, event: "self_referral_refused", meta: REGISTRATION_META, detail });
      return;
    }
    const referrer = await attachReferral(tx, user, code);
    if (!referrer) return;
    if (referralClick && UUID.test(referralClick)) {
      // Only a click on this very code, not yet credited, is credited with the registration. Clicks
      // are written in batches, so the click's row may not be there yet: then registration writes
      // it (its source filled in when the click's own batch comes), and the credit never depends
      // on which came first.
      await tx.execute(sql`
        insert into referral_clicks (id, user_id, code, source, registered_user_id)
        values (${referralClick}::uuid, ${referrer.id}, ${code}, 'direct', ${user.id})
        on conflict (id) do update set registered_user_id = excluded.registered_user_id
          where referral_clicks.code = excluded.code and referral_clicks.registered_user_id is null
      `);
    }
    await tx.update(users).set({ referredBy: referrer.id }).where(eq(users.id, user.id));
    await notify(
      tx,
      {
        userId: referrer.id,
        kind: "affiliate_joined",
        title: "A new affiliate joined",
        body: `${user.name} created a ParkPilot account with your referral link.`,
        href: "/affiliates",
      },
      {
        mailer: deps.mailer,
        subject: "A new affiliate joined ParkPilot through you",
        body: [
          `Hello ${referrer.name},`,
          "",
          `${user.name} just created a ParkPilot account with your referral link.`,
          "You earn your commission on every service they buy. See them on your Affiliates page.",
        ].join("\n"),
      },
    );
  };
}
