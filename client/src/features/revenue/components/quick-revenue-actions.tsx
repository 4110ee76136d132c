import type { TDashboardAnswer } from "@shared/api/revenue";
import { optionById, PRO_PLAN, SECURITY_ADDONS } from "@shared/catalog";
import { PRO_CARD, planById } from "@shared/plans";
import { supportTarget } from "@shared/support";
import { ArrowRight, Crown, Lightbulb, Sparkles } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useWorkingAsMember } from "@/lib/api/portfolios";
import { formatMoney } from "@/lib/format";
import { toastPurchaseFailure, useOpenCheckout, usePurchaseOffer } from "@/lib/purchase-offer";
import { revenueSuggestions } from "../utils/suggestions";

const PRO = planById(PRO_CARD.plan);
const PRO_SUPPORT = supportTarget(PRO_CARD.support);
/** What the card sells: the Pro plan of the plan table, with Priority support included. */
const PRO_BENEFITS = [
  `${PRO.limits.domains} domains, ${PRO.limits.parkingImportsPerDay} report imports a day`,
  `Security: ${PRO.securityAddOns.map((id) => optionById(SECURITY_ADDONS, id).label).join(", ")}`,
  `${PRO_SUPPORT.label} support included (${PRO_SUPPORT.hours} h answers)`,
];

function ProUpgrade({ plan }: { plan: string | undefined }) {
  const upgrade = usePurchaseOffer("proUpgrade");
  const toCheckout = useOpenCheckout();
  // The plan is the owner's to change; a team member sees no upgrade.
  const member = useWorkingAsMember();
  if (member) return null;
  if (plan && plan !== "free") {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-emerald-800 text-sm">
        <Crown aria-hidden="true" className="size-5 shrink-0" />
        You're on the {plan.charAt(0).toUpperCase() + plan.slice(1)} plan.
      </div>
    );
  }
  return (
    <div className="rounded-lg bg-gradient-to-br from-slate-900 to-slate-800 p-4 text-white">
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold">
          <Crown aria-hidden="true" className="size-4 text-amber-300" />
          Upgrade to {PRO_PLAN.label}
        </p>
        <p className="font-bold tabular-nums">
          {formatMoney(PRO_PLAN.price)}
          <span className="font-normal text-slate-300 text-xs">/month</span>
        </p>
      </div>
      <ul className="mt-2 grid gap-1 text-slate-300 text-xs">
        {PRO_BENEFITS.map((benefit) => (
          <li key={benefit} className="flex items-center gap-1.5">
            <Sparkles aria-hidden="true" className="size-3 text-amber-300" />
            {benefit}
          </li>
        ))}
      </ul>
      <Button
        variant="upgrade"
        className="mt-3 w-full"
        disabled={upgrade.isPending}
        onClick={() =>
          upgrade.mutate(
            { planId: PRO_PLAN.planId },
            {
              onSuccess: toCheckout,
              onError: () => toastPurchaseFailure("proUpgrade"),
            },
          )
        }
      >
        {upgrade.isPending ? "Starting upgrade..." : `Upgrade to ${PRO_PLAN.label}`}
      </Button>
    </div>
  );
}

/** The suggestions for this month's weak spots, and the Pro upgrade. */
export function QuickRevenueActions({
  dashboard,
  plan,
}: {
  dashboard: TDashboardAnswer;
  plan: string | undefined;
}) {
  const suggestions = revenueSuggestions(dashboard);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <Lightbulb aria-hidden="true" className="size-4 text-amber-500" />
          Quick Revenue Actions
        </CardTitle>
        <CardDescription>Suggestions from this month's figures</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {suggestions.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-3 text-muted-foreground text-sm">
            Every revenue stream is on track this month. Nothing to fix right now.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Suggestions">
            {suggestions.map((s) => (
              <li key={s.id} className="flex items-start justify-between gap-3 rounded-lg border p-3">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 text-sm">
                    {s.title}
                    <Badge variant="neutral">{formatMoney(s.price)}</Badge>
                  </p>
                  <p className="mt-0.5 text-muted-foreground text-xs">{s.reason}</p>
                </div>
                <Link href={s.href} className={buttonVariants({ variant: "outline", size: "sm" })}>
                  {s.action}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
        <ProUpgrade plan={plan} />
      </CardContent>
    </Card>
  );
}
