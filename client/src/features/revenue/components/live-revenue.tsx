import { centsToDecimal, toCents } from "@shared/money";
import { ArrowUp, Zap } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { formatMoney } from "@/lib/format";
import { useCountUp } from "../hooks/use-count-up";

/** Today's revenue as a running figure: it climbs to a higher amount and drops at once to a lower one. */
export function LiveRevenue({ todayRevenue }: { todayRevenue: string }) {
  const target = todayRevenue.startsWith("-") ? 0 : toCents(todayRevenue);
  const { cents, rising } = useCountUp(target);
  return (
    <Card className="overflow-hidden border-emerald-200 bg-gradient-to-br from-emerald-600 to-teal-700 text-white">
      <CardContent className="p-6">
        <div className="flex items-center justify-between">
          <p className="flex items-center gap-2 font-medium text-emerald-50 text-sm">
            <Zap aria-hidden="true" className="size-4" />
            Live Revenue
          </p>
          {rising && (
            <span className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2 py-0.5 font-medium text-xs">
              <ArrowUp aria-hidden="true" className="size-3" />
              Rising
            </span>
          )}
        </div>
        <p
          className={cn("mt-3 font-bold text-4xl tabular-nums tracking-tight", rising && "animate-pulse")}
          data-testid="live-revenue"
          data-rising={rising}
        >
          {formatMoney(centsToDecimal(cents))}
        </p>
        <p className="mt-2 text-emerald-100 text-xs">Earned today · Updates every 30 seconds</p>
      </CardContent>
    </Card>
  );
}
