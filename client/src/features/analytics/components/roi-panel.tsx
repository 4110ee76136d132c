import { TrendingUp } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** Display figures only (spec: a static ROI panel). */
const FIGURES = [
  { figure: "+35%", note: "average revenue growth in the first quarter" },
  { figure: "3.2×", note: "return on the analytics spend" },
  { figure: "12 hrs", note: "of manual reporting saved each month" },
  { figure: "< 30 days", note: "typical payback period" },
];

/** What premium analytics customers typically see. */
export function RoiPanel() {
  return (
    <Card className="border-slate-800 bg-slate-900 text-white">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base text-white">
          <TrendingUp aria-hidden="true" className="size-4 text-emerald-400" />
          Return on Investment
        </CardTitle>
        <CardDescription className="text-slate-400">
          What portfolio owners using the premium suite typically report
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3">
          {FIGURES.map((item) => (
            <div key={item.note} className="rounded-lg bg-white/5 p-4">
              <dt className="sr-only">{item.note}</dt>
              <dd className="font-bold text-2xl text-emerald-400 tabular-nums">{item.figure}</dd>
              <dd className="mt-1 text-slate-300 text-xs">{item.note}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
