import type { TAffiliateStats } from "@shared/api/affiliates";
import { DollarSign, type LucideIcon, UserCheck, Users } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatMoney, formatNumber } from "@/lib/format";
import { useAffiliateStats } from "../api/get-affiliate-stats";
import { conversionPercent } from "../utils/conversion-rate";

function StatCard(props: { title: string; value: string; note: string; icon: LucideIcon; tone: string }) {
  const Icon = props.icon;
  return (
    <Card role="group" aria-label={props.title}>
      <CardContent className="flex items-start justify-between gap-4 p-6">
        <div className="min-w-0">
          <p className="font-medium text-muted-foreground text-sm">{props.title}</p>
          <p className="mt-2 font-bold text-3xl text-slate-900 tabular-nums tracking-tight">{props.value}</p>
          <p className="mt-1 text-muted-foreground text-xs">{props.note}</p>
        </div>
        <span className={cn("flex size-11 shrink-0 items-center justify-center rounded-xl", props.tone)}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </CardContent>
    </Card>
  );
}

function statCards(stats: TAffiliateStats) {
  return [
    {
      title: "Total Referrals",
      value: formatNumber(stats.totalReferrals),
      note: "Invited and referred partners",
      icon: Users,
      tone: "bg-blue-50 text-blue-600",
    },
    {
      title: "Active Referrals",
      value: formatNumber(stats.activeReferrals),
      note: `${conversionPercent(stats.activeReferrals, stats.totalReferrals)}% conversion rate`,
      icon: UserCheck,
      tone: "bg-emerald-50 text-emerald-600",
    },
    {
      title: "Total Commissions",
      value: formatMoney(stats.totalCommissions),
      note: "Earned from your referrals, all time",
      icon: DollarSign,
      tone: "bg-purple-50 text-purple-600",
    },
  ];
}

/** Total Referrals, Active Referrals with the conversion rate, Total Commissions. */
export function AffiliateStats() {
  const { data, isPending, isError } = useAffiliateStats();
  if (isPending) {
    return (
      <section className="grid gap-4 md:grid-cols-3" aria-busy="true" aria-label="Affiliate statistics">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-[132px] rounded-xl" />
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
      {statCards(data).map((card) => (
        <StatCard key={card.title} {...card} />
      ))}
    </section>
  );
}
