import { ROLE_LABELS } from "@shared/api/team";
import { Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  useActivePortfolio,
  useLeavePortfolio,
  usePortfolios,
  useSwitchPortfolio,
} from "@/lib/api/portfolios";
import { toastError } from "@/lib/toast";

/** Says whose portfolio a team member works in, and with which role, on every page (docs/security.md#team-seats). */
export function PortfolioBanner({ className }: { className?: string }) {
  const active = useActivePortfolio();
  const own = usePortfolios().data?.portfolios.find((p) => p.role === "owner");
  const switchTo = useSwitchPortfolio();
  const leave = useLeavePortfolio();
  const [confirming, setConfirming] = useState(false);
  if (!active || active.role === "owner" || !own) return null;
  const readOnly = active.effectiveRole !== active.role;
  return (
    <div
      role="status"
      className={`flex flex-wrap items-center gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sky-900 text-sm ${className ?? ""}`}
    >
      <Users aria-hidden="true" className="size-4 shrink-0" />
      <p className="flex-1">
        Working in <strong>{active.ownerName}</strong>'s portfolio as{" "}
        <strong>{ROLE_LABELS[active.role]}</strong>.
        {readOnly &&
          " The portfolio has more members than its plan's seats, so you can only view it for now."}
      </p>
      <Button
        size="sm"
        variant="outline"
        disabled={switchTo.isPending}
        onClick={() => switchTo.mutate(own.ownerId, { onError: (e) => toastError(e) })}
      >
        Back to my portfolio
      </Button>
      {confirming ? (
        <Button
          size="sm"
          variant="destructive"
          disabled={leave.isPending}
          onClick={() => leave.mutate(active.ownerId, { onError: (e) => toastError(e) })}
        >
          Leave for good
        </Button>
      ) : (
        <Button size="sm" variant="ghost-danger" onClick={() => setConfirming(true)}>
          Leave portfolio
        </Button>
      )}
    </div>
  );
}
