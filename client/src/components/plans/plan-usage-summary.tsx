import { Lock } from "lucide-react";
import { Link } from "wouter";
import { usePlanUsage } from "@/lib/api/get-plan-usage";
import { useWorkingAsMember } from "@/lib/api/portfolios";
import { LimitLine } from "./limit-line";

/**
 * The portfolio's plan limits, before they are reached: domains and today's parking-report
 * imports, and, after a downgrade, how many domains are read-only and how to edit them again.
 */
export function PlanUsageSummary() {
  const plan = usePlanUsage().data;
  const member = useWorkingAsMember();
  if (!plan) return null;
  const readOnly = plan.readOnlyDomainIds.length;
  const { domains, parkingImportsPerDay } = plan.usage;
  if (domains.limit === null && parkingImportsPerDay.limit === null) return null;
  return (
    <section aria-label="Plan limits" className="mb-4 grid gap-1 rounded-lg border bg-white px-4 py-3">
      <LimitLine usage={domains} noun="domains" planLabel={plan.label} />
      <LimitLine usage={parkingImportsPerDay} noun="parking-report imports today" planLabel={plan.label} />
      {readOnly > 0 && (
        <p className="flex items-start gap-2 text-amber-800 text-sm" role="status">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {readOnly} domain{readOnly === 1 ? " is" : "s are"} read-only: the {plan.label} plan allows{" "}
            {domains.limit} domains. Nothing was deleted; remove {readOnly} domain{readOnly === 1 ? "" : "s"}{" "}
            or{" "}
            {member ? (
              "ask the portfolio's owner to upgrade"
            ) : (
              <Link href="/settings" className="font-medium underline">
                upgrade
              </Link>
            )}{" "}
            to edit {readOnly === 1 ? "it" : "them"} again.
          </span>
        </p>
      )}
    </section>
  );
}
