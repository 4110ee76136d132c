import { FREE_PLAN } from "@shared/api/settings";
import { ACCOUNT_PLANS, optionById, SECURITY_ADDONS } from "@shared/catalog";
import { type AccountPlan, planById } from "@shared/plans";
import { supportTarget } from "@shared/support";
import { BadgeCheck, Headphones, ShieldCheck, Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useSupportTarget } from "@/lib/api/get-support-target";
import { cn } from "@/lib/cn";
import { useAccountSettings } from "../api/get-account-settings";

const count = (n: number | null) => (n === null ? "Unlimited" : n.toLocaleString("en-US"));

/**
 * What the plan really gives (the plan table of `shared/plans.ts`): its limits, its security
 * add-ons, and the support tier held (the Pro card and support subscriptions add to the plan's).
 */
function planFeatures(plan: AccountPlan, supportLabel: string | undefined): string[] {
  const addOns = plan.securityAddOns.map((id) => optionById(SECURITY_ADDONS, id).label);
  const support = supportTarget(plan.support);
  return [
    `${count(plan.limits.domains)} domains, ${count(plan.limits.parkingImportsPerDay)} report imports a day`,
    addOns.length === 0 ? "Basic security" : `Security: ${addOns.join(", ")}`,
    supportLabel ?? `${support.label} support (${support.hours} h)`,
  ];
}
const ICONS = [Sparkles, ShieldCheck, Headphones];

function planLabel(plan: string): string {
  if (plan === FREE_PLAN) return "Free";
  return ACCOUNT_PLANS.find((p) => p.id === plan)?.label ?? plan.charAt(0).toUpperCase() + plan.slice(1);
}

/** The account's real plan: free until a plan order is paid. */
export function AccountPlanCard() {
  const account = useAccountSettings();
  const plan = account.data?.plan;
  const free = plan === FREE_PLAN;
  const target = useSupportTarget().data;
  const supportLabel = target ? `${target.label} support (${target.hours} h)` : undefined;

  return (
    <Card
      role="region"
      aria-label="Account plan"
      className={cn(!free && plan && "border-emerald-200 bg-gradient-to-r from-emerald-50 to-white")}
    >
      <CardContent className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <span
            className={cn(
              "flex size-11 items-center justify-center rounded-full",
              free ? "bg-slate-100 text-slate-500" : "bg-emerald-100 text-emerald-600",
            )}
          >
            <BadgeCheck aria-hidden="true" className="size-6" />
          </span>
          <div>
            <p className="text-muted-foreground text-sm">Current plan</p>
            {account.isError ? (
              <p className="text-destructive text-sm">Failed to load your plan.</p>
            ) : plan === undefined ? (
              <Skeleton className="mt-1 h-6 w-24" />
            ) : (
              <p
                className="flex items-center gap-2 font-bold text-slate-900 text-xl"
                data-testid="account-plan"
              >
                {planLabel(plan)}
                <Badge variant={free ? "neutral" : "success"}>{free ? "Free plan" : "Active"}</Badge>
              </p>
            )}
          </div>
        </div>
        {plan !== undefined && (
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-slate-600 text-sm">
            {planFeatures(planById(plan), supportLabel).map((feature, i) => {
              const Icon = ICONS[i];
              return (
                <li key={feature} className="flex items-center gap-1.5">
                  <Icon
                    aria-hidden="true"
                    className={cn("size-4", free ? "text-slate-400" : "text-emerald-600")}
                  />
                  {feature}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
