import { AlertTriangle, BarChart3, Plus, RefreshCw } from "lucide-react";
import { Link } from "wouter";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** The page's shape while the first answer loads. */
export function DashboardSkeleton() {
  return (
    <section
      className="grid gap-6"
      aria-busy="true"
      aria-label="Loading dashboard"
      data-testid="dashboard-skeleton"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-44 rounded-xl" />
        <Skeleton className="h-44 rounded-xl" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-[132px] rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-80 rounded-xl lg:col-span-2" />
        <Skeleton className="h-80 rounded-xl" />
      </div>
    </section>
  );
}

export function DashboardError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Card className="border-red-200">
      <CardContent className="flex flex-col items-center gap-3 py-16 text-center" role="alert">
        <AlertTriangle aria-hidden="true" className="size-10 text-red-500" />
        <p className="font-semibold text-lg text-slate-900">Failed to load dashboard</p>
        <p className="text-muted-foreground">Please check your connection and try again.</p>
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden="true" className={retrying ? "animate-spin" : undefined} />
          Try Again
        </Button>
      </CardContent>
    </Card>
  );
}

/** A new account: nothing to chart until the first domain is added. */
export function DashboardEmpty() {
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-600">
          <BarChart3 aria-hidden="true" className="size-7" />
        </span>
        <p className="font-semibold text-lg text-slate-900">No data available</p>
        <p className="max-w-md text-muted-foreground">
          Start by adding your first domain to see revenue data.
        </p>
        <Link href="/domains" className={buttonVariants({ className: "mt-2" })}>
          <Plus aria-hidden="true" />
          Add Your First Domain
        </Link>
      </CardContent>
    </Card>
  );
}
