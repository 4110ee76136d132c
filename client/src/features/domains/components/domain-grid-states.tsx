import { AlertTriangle, Globe } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export function DomainGridSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="domains-loading">
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} className="flex flex-col gap-4 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-9 rounded-lg" />
            <Skeleton className="h-5 w-40" />
            <Skeleton className="ml-auto h-5 w-14 rounded-full" />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
          <Skeleton className="h-10" />
        </Card>
      ))}
    </div>
  );
}

export function DomainGridError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center">
      <AlertTriangle aria-hidden="true" className="size-8 text-red-500" />
      <p className="font-semibold text-slate-900">Failed to load domains</p>
      <p className="text-muted-foreground text-sm">Please check your connection and try again.</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}

/** docs/product.md#screens: the portfolio's empty state. */
export function DomainGridEmpty({ action }: { action: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 border-dashed p-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <Globe aria-hidden="true" className="size-6" />
      </span>
      <p className="font-semibold text-lg text-slate-900">No domains found</p>
      <p className="max-w-sm text-muted-foreground text-sm">
        Add your first domain to start earning revenue.
      </p>
      {action}
    </Card>
  );
}
