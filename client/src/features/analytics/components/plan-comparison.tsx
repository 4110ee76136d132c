import { Check, Minus } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

type Cell = string | boolean;

const ROWS: { feature: string; free: Cell; premium: Cell }[] = [
  { feature: "Data retention", free: "7-day retention", premium: "Unlimited history" },
  { feature: "Revenue by source and traffic charts", free: true, premium: true },
  { feature: "CSV export", free: true, premium: true },
  { feature: "Custom reports", free: false, premium: true },
  { feature: "Competitor benchmarks", free: false, premium: true },
  { feature: "AI revenue forecasting", free: false, premium: true },
  { feature: "Support", free: "Standard", premium: "Priority" },
];

function CellValue({ value, premium }: { value: Cell; premium?: boolean }) {
  if (value === true) {
    return (
      <Check
        aria-label="Included"
        className={premium ? "size-4 text-emerald-600" : "size-4 text-slate-500"}
      />
    );
  }
  if (value === false) return <Minus aria-label="Not included" className="size-4 text-slate-300" />;
  return <span className={premium ? "font-medium text-emerald-700" : "text-slate-600"}>{value}</span>;
}

/** Free versus Premium, feature by feature. */
export function PlanComparison() {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Free vs Premium</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="py-2 font-medium text-muted-foreground">
                Feature
              </th>
              <th scope="col" className="w-32 py-2 font-medium text-muted-foreground">
                Free
              </th>
              <th scope="col" className="w-36 py-2">
                <Badge variant="success">Premium</Badge>
              </th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.feature} className="border-b last:border-0">
                <th scope="row" className="py-2.5 text-left font-normal text-slate-700">
                  {row.feature}
                </th>
                <td className="py-2.5">
                  <CellValue value={row.free} />
                </td>
                <td className="py-2.5">
                  <CellValue value={row.premium} premium />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
