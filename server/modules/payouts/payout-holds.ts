import { sql } from "drizzle-orm";
import { formatUsd, toCents } from "../../../shared/money";
import type { DbOrTx } from "../../db/tx";

const NEW_DEVICE_WINDOW = "24 hours";

/**
 * Why a payout must wait for staff review (payout review, and threat monitoring's new-device
 * rule), one sentence each; none means it goes out at once. `newDestination`: it goes to another
 * PayPal account than the last completed payout's. Read inside the payout's transaction, after the balance
 * lock, so two requests cannot both count as "not the first".
 */
export async function payoutHoldReasons(
  tx: DbOrTx,
  payout: { userId: string; amount: string; paypalEmail: string; reviewAbove: string },
): Promise<{ reasons: string[]; newDestination: boolean }> {
  const { userId, paypalEmail } = payout;
  const { rows } = await tx.execute<{
    last_email: string | null;
    used_before: boolean;
    new_device: boolean;
  }>(sql`
    select
      (select p.paypal_email from payouts p where p.user_id = ${userId} and p.status = 'completed'
        order by p.created_at desc, p.id desc limit 1) as last_email,
      exists (select 1 from payouts p where p.user_id = ${userId} and p.status = 'completed'
        and lower(p.paypal_email) = lower(${paypalEmail})) as used_before,
      -- A sign-in from a device first seen in the window, other than the account's first device.
      exists (select 1 from known_devices d where d.user_id = ${userId}
        and d.created_at > now() - ${NEW_DEVICE_WINDOW}::interval
        and exists (select 1 from known_devices e where e.user_id = ${userId}
          and e.created_at < d.created_at)) as new_device
  `);
  const history = rows[0];
  const reasons: string[] = [];
  if (toCents(payout.amount) > toCents(payout.reviewAbove))
    reasons.push(`The amount is above ${formatUsd(payout.reviewAbove)}.`);
  // A payout to another account than the last one is a change of the payout destination.
  const newDestination =
    Boolean(history.last_email) && history.last_email?.toLowerCase() !== paypalEmail.toLowerCase();
  if (!history.last_email) reasons.push("It is the account's first payout.");
  else if (newDestination)
    reasons.push(`It goes to a PayPal account other than the last payout's (${history.last_email}).`);
  if (!history.used_before && history.new_device)
    reasons.push("It goes to a new PayPal account within 24 hours of a sign-in from a new device.");
  return { reasons, newDestination };
}
