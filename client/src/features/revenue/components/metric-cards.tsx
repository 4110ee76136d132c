import type { TDashboardAnswer } from "@shared/api/revenue";
import { StatCard } from "@/components/ui/stat-card";
import { metricCards } from "../utils/metric-cards";

/** Today's Revenue, Monthly Revenue, Active Domains, Affiliate Earnings. */
export function MetricCards({ dashboard }: { dashboard: TDashboardAnswer }) {
  return (
    <section aria-label="Key metrics" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {metricCards(dashboard).map((card) => (
        <StatCard key={card.title} {...card} />
      ))}
    </section>
  );
}
