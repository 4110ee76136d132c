import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAppraisalAccuracy } from "../api/appraisal-accuracy";

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border p-4">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="mt-1 font-semibold text-2xl text-slate-900">{value}</dd>
    </div>
  );
}

/** How accurate the appraisal engine has been: each closed sale appraised without itself. */
export default function AppraisalsPage() {
  const { data, isPending, isError } = useAppraisalAccuracy();
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (isError) return <p className="text-destructive">The backtest could not be run. Please try again.</p>;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Accuracy on closed sales</CardTitle>
        <CardDescription>
          Leave-one-out backtest: each sale closed on ParkPilot is appraised without its own price and
          compared with what it sold for.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {data.enough &&
        data.withinTwoX !== null &&
        data.medianAbsLogRatio !== null &&
        data.meanRatio !== null ? (
          <dl className="grid gap-4 sm:grid-cols-4" aria-label="Backtest">
            <Figure label="Sales" value={String(data.sales)} />
            <Figure label="Within 2× of the price" value={`${Math.round(data.withinTwoX * 100)}%`} />
            <Figure label="Median |log(appraisal ÷ price)|" value={data.medianAbsLogRatio.toFixed(2)} />
            <Figure label="Appraisal ÷ price (geometric mean)" value={data.meanRatio.toFixed(2)} />
          </dl>
        ) : (
          <p className="text-slate-700">
            Not enough sales yet: {data.sales} closed, and the figures are published from {data.minimumSales}.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
