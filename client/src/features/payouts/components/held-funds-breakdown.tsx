import type { TBalance } from "@shared/api/payouts";
import { centsToDecimal, signedToCents } from "@shared/money";
import { Hourglass, Send, ShieldCheck } from "lucide-react";
import { formatDate, formatMoney } from "@/lib/format";

/**
 * What the platform holds for the user beside the available balance (docs/money.md): pending funds
 * with the days their holds end, payouts still in review or being sent, and what completed payouts
 * have paid out. Each is a sum of ledger rows;
 * reported revenue (parking reports, sales recorded by hand) is never part of them.
 */
export function HeldFundsBreakdown({ balance }: { balance: TBalance }) {
  const awaiting = signedToCents(balance.awaitingBuyerPayment);
  const later =
    signedToCents(balance.pendingBalance) -
    awaiting -
    balance.nextReleases.reduce((sum, r) => sum + signedToCents(r.amount), 0);
  return (
    <div className="grid gap-3 text-sm">
      <div className="rounded-lg border p-3">
        <div className="flex items-baseline justify-between gap-3">
          <p className="flex items-center gap-1.5 text-muted-foreground">
            <Hourglass aria-hidden="true" className="size-4" />
            Pending
          </p>
          <p className="font-semibold text-slate-900 tabular-nums" data-testid="pending-balance">
            {formatMoney(balance.pendingBalance)}
          </p>
        </div>
        {balance.nextReleases.length > 0 ? (
          <ul className="mt-2 grid gap-1" aria-label="Pending funds by release date">
            {balance.nextReleases.map((release) => (
              <li key={release.date} className="flex justify-between gap-3 text-muted-foreground">
                <span>Available {formatDate(release.date)}</span>
                <span className="tabular-nums">{formatMoney(release.amount)}</span>
              </li>
            ))}
            {later !== 0 && (
              <li className="flex justify-between gap-3 text-muted-foreground">
                <span>Later</span>
                <span className="tabular-nums">{formatMoney(centsToDecimal(later))}</span>
              </li>
            )}
          </ul>
        ) : (
          awaiting === 0 && <p className="mt-1 text-muted-foreground">Nothing waiting for a hold to end.</p>
        )}
        {awaiting !== 0 && (
          <p
            className="mt-2 flex justify-between gap-3 text-muted-foreground"
            data-testid="awaiting-buyer-payment"
          >
            <span>Awaiting buyer payment</span>
            <span className="tabular-nums">{formatMoney(balance.awaitingBuyerPayment)}</span>
          </p>
        )}
        <p className="mt-2 text-muted-foreground text-xs">
          Lead earnings and commissions are held until their returns or refund window ends, then they can be
          paid out. A lead sold to an insurance buyer also waits for the buyer to pay its monthly invoice.
        </p>
      </div>
      <div className="rounded-lg border p-3">
        <div className="flex items-baseline justify-between gap-3">
          <p className="flex items-center gap-1.5 text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="size-4" />
            In review
          </p>
          <p className="font-semibold text-slate-900 tabular-nums" data-testid="in-review">
            {formatMoney(balance.inReview)}
          </p>
        </div>
        <p className="mt-1 text-muted-foreground text-xs">
          Payouts held for a review by our team or still being sent. The amount is reserved and counts as paid
          out once the payout completes.
        </p>
      </div>
      <div className="flex items-baseline justify-between gap-3 rounded-lg border p-3">
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <Send aria-hidden="true" className="size-4" />
          Paid out
        </p>
        <p className="font-semibold text-slate-900 tabular-nums" data-testid="paid-out">
          {formatMoney(balance.paidOut)}
        </p>
      </div>
      <p className="text-muted-foreground text-xs">
        Parking reports and sales you record are reported revenue: they count on your dashboard, not in your
        balance.
      </p>
    </div>
  );
}
