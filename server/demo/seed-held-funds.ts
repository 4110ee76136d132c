import { creditPastEarnings } from "../modules/ledger/past-earnings";
import type { DemoContext } from "./demo-context";

/** The default holds (docs/money.md): the demo shows them as a fresh install would. */
const LEAD_HOLD_DAYS = 14;
const COMMISSION_HOLD_DAYS = 30;

/**
 * The demo's lead earnings and commissions become held funds, as if each had been credited when
 * it happened: those whose hold has ended are available, the last weeks' still pending, so the
 * Payments page shows both. The revenue events were written before.
 */
export function holdDemoEarnings(ctx: DemoContext): Promise<void> {
  return creditPastEarnings(ctx.tx, {
    userId: ctx.userId,
    now: ctx.now,
    holdDays: { lead: LEAD_HOLD_DAYS, commission: COMMISSION_HOLD_DAYS },
  });
}
