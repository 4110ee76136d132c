import { ShieldCheck } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMoney, formatNumber } from "@/lib/format";
import { useLeadSummary } from "../api/get-lead-summary";

/**
 * Leads on the owner's domains by what became of them. A lead earns only when a buyer buys it
 * (the owner's share of the sale); an unsold one earns nothing; a returned one is reversed.
 */
export function LeadSalesCard() {
  const summary = useLeadSummary();
  if (!summary.data) return null;
  const rows = [
    { label: "Last 30 days", counts: summary.data.last30Days },
    { label: "All time", counts: summary.data.allTime },
  ];
  return (
    <Card role="region" aria-label="Lead Sales">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck aria-hidden="true" className="size-4 text-amber-600" />
          Lead Sales
        </CardTitle>
        <CardDescription>
          Leads on your domains are sold to insurance buyers; you earn your share of each sale.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {rows.map(({ label, counts }) => (
          <section key={label} aria-label={`Leads, ${label.toLowerCase()}`}>
            <h3 className="mb-2 font-medium text-muted-foreground text-xs">{label}</h3>
            <dl className="grid grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))] gap-2">
              {[
                { term: "Sold", value: formatNumber(counts.sold) },
                { term: "Unsold", value: formatNumber(counts.unsold) },
                { term: "Returned", value: formatNumber(counts.returned) },
                { term: "Earned", value: formatMoney(counts.earned) },
              ].map((figure) => (
                <div key={figure.term} className="min-w-0 rounded-lg bg-slate-50 p-2">
                  <dt className="text-muted-foreground text-xs">{figure.term}</dt>
                  <dd className="mt-0.5 break-words font-semibold text-slate-900 tabular-nums">
                    {figure.value}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
