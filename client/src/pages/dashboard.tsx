import { useSession } from "@/features/auth/api/get-session";
import { LeadSalesCard } from "@/features/lead-sales/components/lead-sales-card";
import { NotificationBell } from "@/features/notifications/components/notification-bell";
import { useDashboard } from "@/features/revenue/api/get-dashboard";
import { AffiliatePerformance } from "@/features/revenue/components/affiliate-performance";
import { DashboardHeader } from "@/features/revenue/components/dashboard-header";
import {
  DashboardEmpty,
  DashboardError,
  DashboardSkeleton,
} from "@/features/revenue/components/dashboard-states";
import { GoalTracker } from "@/features/revenue/components/goal-tracker";
import { LiveActivity } from "@/features/revenue/components/live-activity";
import { LiveRevenue } from "@/features/revenue/components/live-revenue";
import { MetricCards } from "@/features/revenue/components/metric-cards";
import { QuickActions } from "@/features/revenue/components/quick-actions";
import { QuickRevenueActions } from "@/features/revenue/components/quick-revenue-actions";
import { RecentActivity } from "@/features/revenue/components/recent-activity";
import { RevenueSources } from "@/features/revenue/components/revenue-sources";
import { RevenueTrend } from "@/features/revenue/components/revenue-trend";
import { TopDomains } from "@/features/revenue/components/top-domains";
import { isEmptyDashboard } from "@/features/revenue/utils/is-empty";

const header = <DashboardHeader bell={<NotificationBell />} />;

export default function DashboardPage() {
  const { user } = useSession();
  const { data: dashboard, isPending, refetch, isRefetching } = useDashboard();

  if (isPending) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {header}
        <DashboardSkeleton />
      </div>
    );
  }
  // A failed refresh keeps the last figures on screen; only a dashboard never loaded is an error.
  if (!dashboard) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {header}
        <DashboardError onRetry={() => void refetch()} retrying={isRefetching} />
      </div>
    );
  }

  const empty = isEmptyDashboard(dashboard);
  return (
    <div className="grid grid-cols-1 gap-6">
      {header}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <GoalTracker />
        <QuickRevenueActions dashboard={dashboard} plan={user?.plan} />
      </div>
      {empty ? (
        <DashboardEmpty />
      ) : (
        <>
          <MetricCards dashboard={dashboard} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <RevenueTrend dashboard={dashboard} />
            <RevenueSources revenue={dashboard.revenue} />
          </div>
        </>
      )}
      {/* A new account is told its one next step above; empty domain and activity panels would repeat it. */}
      {!empty && (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <TopDomains domains={dashboard.topDomains} />
          <div className="flex min-w-0 flex-col gap-6">
            <LiveRevenue todayRevenue={dashboard.metrics.todayRevenue} />
            <LiveActivity />
          </div>
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <RecentActivity events={dashboard.recentEvents} />
        <QuickActions />
        <AffiliatePerformance stats={dashboard.affiliateStats} />
      </div>
      {!empty && <LeadSalesCard />}
    </div>
  );
}
