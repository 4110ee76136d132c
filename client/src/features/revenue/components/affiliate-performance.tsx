import type { TDashboardAnswer } from "@shared/api/revenue";
import { Users } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatNumber, formatWholeMoney, percentOf } from "@/lib/format";

/** Referrals, conversion and all-time commissions, with the way to manage affiliates. */
export function AffiliatePerformance({ stats }: { stats: TDashboardAnswer["affiliateStats"] }) {
  const figures = [
    { label: "Total Referrals", value: formatNumber(stats.totalReferrals) },
    { label: "Active Referrals", value: formatNumber(stats.activeReferrals) },
    { label: "Conversion Rate", value: `${percentOf(stats.activeReferrals, stats.totalReferrals)}%` },
    { label: "Total Commissions", value: formatWholeMoney(stats.totalCommissions), note: "All time" },
  ];
  return (
    <Card role="region" aria-label="Affiliate Program Performance">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <Users aria-hidden="true" className="size-4 text-blue-600" />
          Affiliate Program Performance
        </CardTitle>
        <CardDescription>Partners you referred and what they earned you</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3">
          {figures.map((figure) => (
            <div key={figure.label} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-muted-foreground text-xs">{figure.label}</dt>
              <dd className="mt-1 font-bold text-slate-900 text-xl tabular-nums">{figure.value}</dd>
              {figure.note && <dd className="text-muted-foreground text-xs">{figure.note}</dd>}
            </div>
          ))}
        </dl>
        <Link href="/affiliates" className={buttonVariants({ variant: "outline", className: "w-full" })}>
          Manage Affiliates
        </Link>
      </CardContent>
    </Card>
  );
}
