import { Lock } from "lucide-react";
import type { ReactNode } from "react";
import { useActivePortfolio } from "@/lib/api/portfolios";

/**
 * Payouts, payments, billing, security, settings and affiliates are the portfolio owner's: a
 * member working in someone else's portfolio sees why instead (the server refuses them anyway).
 */
export function OwnerOnly({ children }: { children: ReactNode }) {
  const active = useActivePortfolio();
  if (!active || active.role === "owner") return children;
  return (
    <div role="alert" className="mx-auto mt-12 grid max-w-md justify-items-center gap-3 text-center">
      <Lock aria-hidden="true" className="size-8 text-muted-foreground" />
      <h1 className="font-semibold text-xl">Only the owner can open this page</h1>
      <p className="text-muted-foreground text-sm">
        You work in {active.ownerName}'s portfolio as a team member. Payouts, payments, billing, security and
        settings stay with the owner. Switch to your own portfolio for your own account.
      </p>
    </div>
  );
}
