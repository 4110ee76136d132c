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
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Leads by outcome">
          <thead className="text-left text-muted-foreground text-xs">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Period
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Sold
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Unsold
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Returned
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Earned
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map(({ label, counts }) => (
              <tr key={label} className="border-t">
                <th scope="row" className="py-1.5 text-left font-medium">
                  {label}
                </th>
                <td className="py-1.5 text-right">{formatNumber(counts.sold)}</td>
                <td className="py-1.5 text-right">{formatNumber(counts.unsold)}</td>
                <td className="py-1.5 text-right">{formatNumber(counts.returned)}</td>
                <td className="py-1.5 text-right">{formatMoney(counts.earned)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
