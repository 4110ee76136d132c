import { PAYOUT_FREQUENCIES, PAYOUT_MINIMUM } from "@shared/catalog";
import { centsToDecimal, signedToCents, toCents } from "@shared/money";
import { ArrowUpRight, CalendarClock, CircleDollarSign } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney, formatMoneyPlain } from "@/lib/format";
import { useBalance } from "../api/get-balance";
import { usePayoutSchedule } from "../api/get-payout-schedule";
import { HeldFundsBreakdown } from "./held-funds-breakdown";
import { PayoutDialog } from "./payout-dialog";

const frequencyLabel = (id: string) => PAYOUT_FREQUENCIES.find((f) => f.id === id)?.label ?? id;

/** What the Auto Payout switch will do, in the words of the job that does it. */
function autoPayoutLine(settings: { autoPayout: boolean; payoutFrequency: string }): string {
  if (!settings.autoPayout || settings.payoutFrequency === "manual")
    return "Auto payout is off: request payouts with Transfer.";
  const when =
    settings.payoutFrequency === "weekly" ? "once a week, from Monday" : "once a month, from the 1st";
  return `Auto payout is on: ${when} (your time zone), your available balance goes to the PayPal account of your last completed payout once it reaches the minimum.`;
}

/**
 * The available balance, whether it can be paid out, the funds still on hold and paid out, and
 * the user's payout frequency and minimum.
 */
export function RevenueScheduleCard() {
  const balance = useBalance();
  const schedule = usePayoutSchedule();
  const [payoutOpen, setPayoutOpen] = useState(false);
  const available = balance.data?.availableBalance ?? "0.00";
  const availableCents = signedToCents(available);
  // The user's own minimum (Payout Settings), never below the product's.
  const minimum = centsToDecimal(
    Math.max(toCents(PAYOUT_MINIMUM), toCents(schedule.data?.minPayout ?? PAYOUT_MINIMUM)),
  );
  const ready = availableCents >= toCents(minimum);

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-5 text-emerald-600" />
          Revenue Schedule
        </CardTitle>
        <CardDescription>Your balance, what is on hold, and when it is paid out.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="rounded-xl bg-gradient-to-br from-emerald-50 to-emerald-100/60 p-5">
          <p className="font-medium text-emerald-800 text-sm">Available balance</p>
          {balance.isPending ? (
            <Skeleton className="mt-2 h-9 w-40" />
          ) : balance.isError ? (
            <p className="mt-2 text-destructive text-sm">Failed to load your balance.</p>
          ) : (
            <p className="mt-1 font-bold text-3xl text-emerald-900" data-testid="available-balance">
              {formatMoney(available)}
            </p>
          )}
          {balance.isSuccess && (
            <p className={ready ? "mt-1 text-emerald-700 text-sm" : "mt-1 text-slate-600 text-sm"}>
              {ready ? "Ready for payout" : `Minimum ${formatMoneyPlain(minimum)} required`}
            </p>
          )}
          {availableCents < 0 && (
            <p className="mt-1 text-amber-800 text-sm">
              A refund or chargeback took back funds already paid out; later earnings repay it first.
            </p>
          )}
        </div>
        {balance.data && <HeldFundsBreakdown balance={balance.data} />}
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg border p-3">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <CalendarClock aria-hidden="true" className="size-4" />
              Frequency
            </dt>
            <dd className="mt-1 font-semibold text-slate-900">
              {schedule.data ? (
                frequencyLabel(schedule.data.payoutFrequency)
              ) : (
                <Skeleton className="h-5 w-20" />
              )}
            </dd>
          </div>
          <div className="rounded-lg border p-3">
            <dt className="flex items-center gap-1.5 text-muted-foreground">
              <CircleDollarSign aria-hidden="true" className="size-4" />
              Minimum
            </dt>
            <dd className="mt-1 font-semibold text-slate-900">
              {schedule.data ? formatMoneyPlain(schedule.data.minPayout) : <Skeleton className="h-5 w-20" />}
            </dd>
          </div>
        </dl>
        {schedule.data && (
          <p className="text-muted-foreground text-xs" data-testid="auto-payout-line">
            {autoPayoutLine(schedule.data)}
          </p>
        )}
        {ready && (
          <Button aria-haspopup="dialog" onClick={() => setPayoutOpen(true)}>
            <ArrowUpRight aria-hidden="true" />
            Transfer
          </Button>
        )}
      </CardContent>
      <PayoutDialog
        open={payoutOpen}
        onOpenChange={setPayoutOpen}
        availableBalance={available}
        minimum={minimum}
        lastPayoutEmail={schedule.data?.lastPayoutEmail ?? null}
      />
    </Card>
  );
}
