import {
  ChartColumn,
  CreditCard,
  FileText,
  Globe,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  Store,
  Users,
} from "lucide-react";
import { Link, useLocation } from "wouter";
import { useWorkingAsMember } from "@/lib/api/portfolios";
import { cn } from "@/lib/cn";

/** `ownerOnly`: hidden while working in someone else's portfolio (docs/security.md#team-seats). */
const NAV_ITEMS: readonly { href: string; label: string; icon: LucideIcon; ownerOnly?: boolean }[] = [
  { href: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { href: "/domains", label: "Domain Portfolio", icon: Globe },
  { href: "/marketplace", label: "Marketplace", icon: Store },
  { href: "/affiliates", label: "Affiliates", icon: Users, ownerOnly: true },
  { href: "/analytics", label: "Analytics", icon: ChartColumn },
  { href: "/reports", label: "Reports", icon: FileText },
  { href: "/payments", label: "Payments", icon: CreditCard, ownerOnly: true },
  { href: "/settings", label: "Settings", icon: Settings, ownerOnly: true },
];

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const [location] = useLocation();
  const member = useWorkingAsMember();
  return (
    <nav aria-label="Main" className="flex-1 px-3">
      <ul className="grid gap-1">
        {NAV_ITEMS.filter((item) => !(member && item.ownerOnly)).map(({ href, label, icon: Icon }) => {
          const active = location === href || location.startsWith(`${href}/`);
          return (
            <li key={href}>
              <Link
                href={href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400",
                  active
                    ? "bg-emerald-500/15 text-emerald-300"
                    : "text-sidebar-muted hover:bg-sidebar-accent hover:text-white",
                )}
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
