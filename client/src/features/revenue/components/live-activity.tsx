import { ACTIVITY_FEED_LIMIT, type TRevenueStream, type TRevenueType } from "@shared/api/revenue";
import { Activity, Bot } from "lucide-react";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoney, formatRelativeTime, REVENUE_SOURCE_LABELS } from "@/lib/format";
import { useRevenueStreams } from "../api/get-revenue-streams";
import { useNow } from "../hooks/use-now";

/** docs/product.md#screens: parking green, affiliate blue, marketplace purple, lead amber. */
const TYPE_BADGES: Record<TRevenueType, BadgeProps["variant"]> = {
  parking: "success",
  affiliate: "info",
  marketplace: "purple",
  lead: "warning",
  other: "neutral",
};

function StreamItem({ stream, now }: { stream: TRevenueStream; now: number }) {
  return (
    <li className="flex items-start justify-between gap-3 py-3" data-testid="activity-item">
      <div className="min-w-0">
        <div className="flex items-center gap-2">
          <Badge variant={TYPE_BADGES[stream.type]}>{REVENUE_SOURCE_LABELS[stream.type]}</Badge>
          {stream.metadata?.automated === true && (
            <span
              className="inline-flex items-center gap-1 text-muted-foreground text-xs"
              title="Recorded automatically"
            >
              <Bot aria-hidden="true" className="size-3.5" />
              Auto
            </span>
          )}
        </div>
        <p className="mt-1 line-clamp-2 break-words text-slate-700 text-sm">{stream.description}</p>
        <p className="text-muted-foreground text-xs">
          <time dateTime={stream.createdAt}>{formatRelativeTime(stream.createdAt, now)}</time>
        </p>
      </div>
      <span className="shrink-0 font-semibold text-emerald-700 text-sm tabular-nums">
        +{formatMoney(stream.amount)}
      </span>
    </li>
  );
}

/** The latest revenue events, polled every 10 seconds. */
export function LiveActivity() {
  const { data, isPending, isError } = useRevenueStreams();
  const now = useNow(10_000);
  // The poll asks for the feed's length; the slice keeps the spec's limit whatever answers.
  const streams = data?.slice(0, ACTIVITY_FEED_LIMIT) ?? [];

  return (
    <Card className="flex flex-col">
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <Activity aria-hidden="true" className="size-4 text-emerald-600" />
          Live Activity
        </CardTitle>
        <CardDescription>Revenue as it arrives</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        {isPending ? (
          <ul aria-busy="true" aria-label="Loading activity" className="divide-y">
            {[0, 1, 2].map((i) => (
              <li
                key={i}
                className="flex items-center justify-between gap-3 py-3"
                data-testid="activity-skeleton"
              >
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-20" />
                  <Skeleton className="h-3 w-3/4" />
                </div>
                <Skeleton className="h-4 w-14" />
              </li>
            ))}
          </ul>
        ) : isError ? (
          <p className="py-6 text-center text-red-600 text-sm" role="alert">
            Failed to load activity. It will retry in a few seconds.
          </p>
        ) : streams.length === 0 ? (
          <div className="py-8 text-center">
            <p className="font-medium text-slate-700">No recent activity</p>
            <p className="mt-1 text-muted-foreground text-sm">
              Revenue streams will appear here as they're generated.
            </p>
          </div>
        ) : (
          <ul
            className="max-h-96 divide-y overflow-y-auto pr-1"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard
            tabIndex={0}
            aria-label="Recent revenue"
            aria-live="polite"
          >
            {streams.map((stream) => (
              <StreamItem key={stream.id} stream={stream} now={now} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
