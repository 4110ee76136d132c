import { ANALYTICS_TIERS, type AnalyticsTier } from "@shared/analytics-plans";
import { Check, Minus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table } from "@/components/ui/table";
import { cn } from "@/lib/cn";
import { formatMoney } from "@/lib/format";

type Cell = string | boolean;

/** "7-day retention", "90-day history", "1-year history". */
export function historyLabel(days: number): string {
  if (days === 7) return "7-day retention";
  if (days % 365 === 0) return `${days / 365}-year history`;
  return `${days}-day history`;
}

/** Every row is read from the tiers the server enforces, so the table cannot promise more. */
const ROWS: { feature: string; cell: (tier: AnalyticsTier) => Cell }[] = [
  { feature: "Data history", cell: (tier) => historyLabel(tier.historyDays) },
  { feature: "Revenue by source and traffic charts", cell: () => true },
  { feature: "CSV export", cell: (tier) => tier.exports },
  { feature: "RPM, CTR and EPC per domain", cell: (tier) => tier.breakdowns },
  { feature: "Visitors by country and referrer", cell: (tier) => tier.breakdowns },
  { feature: "Lead conversion per domain", cell: (tier) => tier.breakdowns },
  { feature: "12-month portfolio summary", cell: (tier) => tier.breakdowns },
  { feature: "Price", cell: (tier) => (tier.price ? `${formatMoney(tier.price)}/mo` : "Free") },
];

function CellValue({ value }: { value: Cell }) {
  if (value === true) return <Check aria-label="Included" className="size-4 text-emerald-600" />;
  if (value === false) return <Minus aria-label="Not included" className="size-4 text-slate-300" />;
  return <span className="text-slate-700">{value}</span>;
}

/** Free, the Analytics Pro tool and the three plans, feature by feature; the user's own column marked. */
export function PlanComparison({ current }: { current?: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Free vs Premium</CardTitle>
        <CardDescription>
          Custom reports, competitive analysis and forecasts are bought one at a time, on any plan.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Table data-testid="plan-comparison">
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-2 font-medium text-muted-foreground">
                Feature
              </th>
              {ANALYTICS_TIERS.map((tier) => (
                <th
                  key={tier.id}
                  scope="col"
                  className={cn("px-2 py-2 font-medium", tier.id === current && "bg-emerald-50")}
                >
                  {tier.id === "free" ? (
                    <span className="text-muted-foreground">{tier.label}</span>
                  ) : (
                    <Badge variant="success">{tier.label}</Badge>
                  )}
                  {tier.id === current ? (
                    <span className="block text-emerald-700 text-xs">Your plan</span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.feature} className="border-b last:border-0">
                <th scope="row" className="py-2.5 text-left font-normal text-slate-700">
                  {row.feature}
                </th>
                {ANALYTICS_TIERS.map((tier) => (
                  <td key={tier.id} className={cn("px-2 py-2.5", tier.id === current && "bg-emerald-50")}>
                    <CellValue value={row.cell(tier)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </CardContent>
    </Card>
  );
}
