import { Link } from "wouter";
import { BrandMark } from "@/components/brand-mark";
import { PortfolioSwitcher } from "./portfolio-switcher";
import { SidebarNav } from "./sidebar-nav";
import { SidebarUser } from "./sidebar-user";
import { TodayRevenueBox } from "./today-revenue-box";

/** The signed-in navigation column (docs/product.md#screens): title, today's revenue, links, user, sign out. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className="flex min-h-full flex-col gap-6 bg-sidebar text-sidebar-foreground">
      <div className="px-6 pt-6">
        <Link
          href="/dashboard"
          onClick={onNavigate}
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400"
        >
          <BrandMark className="text-white" />
        </Link>
      </div>
      <PortfolioSwitcher />
      <TodayRevenueBox />
      <SidebarNav onNavigate={onNavigate} />
      <SidebarUser />
    </div>
  );
}
