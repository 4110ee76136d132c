import { Skeleton } from "@/components/ui/skeleton";
import { StatCard } from "@/components/ui/stat-card";
import { percentOf } from "@/lib/format";
import { useAffiliateStats } from "../api/get-affiliate-stats";

/** Total Referrals (people who joined), Active Referrals with the conversion rate, Total Commissions. */
export function AffiliateStats() {
  const { data, isPending, isError } = useAffiliateStats();
  if (isPending) {
    return (
      <section className="grid gap-4 md:grid-cols-3" aria-busy="true" aria-label="Affiliate statistics">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-[124px] rounded-xl" />
        ))}
      </section>
    );
  }
  if (isError) {
    return (
      <p className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-700 text-sm" role="alert">
        Failed to load affiliate statistics. Please refresh the page to try again.
      </p>
    );
  }
  return (
    <section aria-label="Affiliate statistics" className="grid gap-4 md:grid-cols-3">
      <StatCard
        title="Total Referrals"
        value={data.totalReferrals}
        change={
          data.pendingInvitations > 0
            ? `${data.pendingInvitations} invitation${data.pendingInvitations === 1 ? "" : "s"} pending`
            : undefined
        }
        icon="users"
        color="blue"
      />
      <StatCard
        title="Active Referrals"
        value={data.activeReferrals}
        change={`${percentOf(data.activeReferrals, data.totalReferrals)}% conversion rate`}
        icon="users"
        color="emerald"
      />
      <StatCard title="Total Commissions" value={data.totalCommissions} icon="dollar-sign" color="purple" />
    </section>
  );
}
