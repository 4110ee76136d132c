import { ROLE_LABELS } from "@shared/api/team";
import { useId } from "react";
import { usePortfolios, useSwitchPortfolio } from "@/lib/api/portfolios";
import { toastError } from "@/lib/toast";

/** For users who belong to someone else's portfolio: which one to work in. Hidden for everyone else. */
export function PortfolioSwitcher() {
  const portfolios = usePortfolios().data?.portfolios ?? [];
  const switchTo = useSwitchPortfolio();
  const id = useId();
  if (portfolios.length < 2) return null;
  const active = portfolios.find((p) => p.active) ?? portfolios[0];
  return (
    <div className="grid gap-1.5 px-6">
      <label htmlFor={id} className="text-sidebar-muted text-xs uppercase tracking-wide">
        Portfolio
      </label>
      <select
        id={id}
        value={active.ownerId}
        disabled={switchTo.isPending}
        onChange={(event) => switchTo.mutate(event.target.value, { onError: (e) => toastError(e) })}
        className="rounded-md border border-white/15 bg-sidebar-accent px-2 py-1.5 text-sm text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400"
      >
        {portfolios.map((p) => (
          <option key={p.ownerId} value={p.ownerId}>
            {p.role === "owner" ? "My portfolio" : `${p.ownerName} (${ROLE_LABELS[p.role]})`}
          </option>
        ))}
      </select>
    </div>
  );
}
