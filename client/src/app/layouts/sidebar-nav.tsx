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
import { routeOf, SIDEBAR_LINKS } from "../routes";

/** The icon beside each sidebar link of the route table (`../routes.ts`), by its path. */
const ICONS: Record<string, LucideIcon> = {
  "/dashboard": LayoutDashboard,
  "/domains": Globe,
  "/marketplace": Store,
  "/affiliates": Users,
  "/analytics": ChartColumn,
  "/reports": FileText,
  "/payments": CreditCard,
  "/settings": Settings,
};

const NAV_ITEMS = SIDEBAR_LINKS.map((link) => ({ ...link, icon: ICONS[link.href] ?? FileText }));

/** A page's chunk is fetched as the pointer or focus reaches its link, so the click shows it at once. */
const preloadPage = (href: string) =>
  void routeOf(href)
    ?.page.preload()
    .catch(() => undefined);

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
                onPointerEnter={() => preloadPage(href)}
                onFocus={() => preloadPage(href)}
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
