import { LogOut } from "lucide-react";
import { useSession } from "@/features/auth/api/get-session";
import { useLogout } from "@/features/auth/api/logout";
import { PlanBadge } from "@/features/billing/components/plan-badge";

function initialsOf(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "G";
  const letters = words.length === 1 ? words[0].slice(0, 2) : words[0][0] + words[words.length - 1][0];
  return letters.toUpperCase();
}

/** Who is signed in, and the Sign Out button. */
export function SidebarUser() {
  const { user } = useSession();
  const logout = useLogout();
  const displayName = user?.name || user?.username || "Guest";
  const subtitle = user?.email || "Pro Account";

  return (
    <div className="border-sidebar-border border-t p-3">
      <div className="flex items-center gap-3 rounded-lg px-2 py-2">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-700 font-semibold text-sm text-white"
        >
          {initialsOf(displayName)}
        </span>
        <div className="grid min-w-0 gap-0.5">
          <p className="truncate font-medium text-sm text-white">{displayName}</p>
          <p className="truncate text-sidebar-muted text-xs">{subtitle}</p>
          <PlanBadge />
        </div>
      </div>
      <button
        type="button"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
        className="mt-1 flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 font-medium text-sidebar-muted text-sm transition-colors hover:bg-sidebar-accent hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400 disabled:opacity-60"
      >
        <LogOut aria-hidden="true" className="size-5" />
        Sign Out
      </button>
    </div>
  );
}
