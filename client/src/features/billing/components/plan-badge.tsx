import { ACCOUNT_PLANS } from "@shared/catalog";
import { planOf } from "@shared/offer-grants";
import { Link } from "wouter";
import { useEntitlements } from "@/lib/api/get-entitlements";
import { useWorkingAsMember } from "@/lib/api/portfolios";

/**
 * The account's plan as its entitlements give it, linking to Settings → Billing; for a team member
 * the owner's plan, without the link (Settings is the owner's).
 */
export function PlanBadge() {
  const entitlements = useEntitlements();
  const member = useWorkingAsMember();
  if (!entitlements.data) return null;
  const plan = planOf(entitlements.data);
  const label = plan === "free" ? "Free" : (ACCOUNT_PLANS.find((p) => p.id === plan)?.label ?? plan);
  if (member) {
    return (
      <span
        className="inline-flex w-fit items-center rounded-full border border-emerald-400/40 px-2 py-0.5 font-medium text-[11px] text-emerald-200"
        data-testid="sidebar-plan"
      >
        {label} plan
      </span>
    );
  }
  return (
    <Link
      href="/settings#billing"
      className="inline-flex w-fit items-center rounded-full border border-emerald-400/40 px-2 py-0.5 font-medium text-[11px] text-emerald-200 hover:bg-sidebar-accent"
      data-testid="sidebar-plan"
    >
      {label} plan
    </Link>
  );
}
