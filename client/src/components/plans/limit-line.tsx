import type { TLimitUsage } from "@shared/api/plans";
import { Link } from "wouter";
import { useWorkingAsMember } from "@/lib/api/portfolios";
import { cn } from "@/lib/cn";

const count = (n: number) => n.toLocaleString("en-US");

/** True when the limit is reached: the next one would be refused. */
export const atLimit = (usage: TLimitUsage) => usage.limit !== null && usage.used >= usage.limit;

/** What a team member is told instead of a link to the plans, which are the owner's (Settings). */
export const OWNER_UPGRADES = "the portfolio's owner can upgrade";

/**
 * "3 of 25 domains on the Free plan", shown before the limit is reached; at it, what lifts it
 * and a link to the plans, or, for a team member, that the portfolio's owner can upgrade.
 * Nothing for an unlimited plan.
 */
export function LimitLine({
  usage,
  noun,
  planLabel,
  className,
}: {
  usage: TLimitUsage | undefined;
  noun: string;
  planLabel: string | undefined;
  className?: string;
}) {
  const member = useWorkingAsMember();
  if (!usage || usage.limit === null) return null;
  const full = atLimit(usage);
  return (
    <p
      className={cn("text-sm", full ? "text-amber-700" : "text-muted-foreground", className)}
      data-testid={`limit-${noun.split(" ")[0]}`}
    >
      {count(usage.used)} of {count(usage.limit)} {noun} on the {planLabel} plan.
      {full && (
        <>
          {" "}
          {usage.upgradeTo
            ? `${usage.upgradeTo.label} allows ${usage.upgradeTo.limit === null ? "any number" : count(usage.upgradeTo.limit)}: `
            : ""}
          {member ? (
            OWNER_UPGRADES
          ) : (
            <Link href="/settings" className="font-medium underline">
              see the plans
            </Link>
          )}
          .
        </>
      )}
    </p>
  );
}
