import { API_DOCS_PATH } from "@shared/api/v1/common";
import { Code2 } from "lucide-react";
import { lazy, Suspense } from "react";
import { IconCardHeader } from "@/components/icon-card-header";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatNumber } from "@/lib/format";
import { useApiKeys } from "../api/get-api-keys";
import { useApiUsage } from "../api/get-api-usage";
import { ApiKeyList } from "./api-key-list";
import { CreateApiKeyForm } from "./create-api-key-form";

const ApiUsageChart = lazy(() => import("./api-usage-chart"));

const docsLink = (
  <a className="font-medium text-primary underline-offset-4 hover:underline" href={API_DOCS_PATH}>
    API reference
  </a>
);

/**
 * Settings → API: with an API plan, the period's usage by day and the remaining calls, the keys
 * and a form for a new one; without one, where to get it.
 */
export function ApiAccessCard() {
  const usage = useApiUsage();
  const plan = usage.data?.plan ?? null;
  const keys = useApiKeys(plan !== null);

  return (
    <Card role="region" aria-labelledby="api-access-heading">
      <IconCardHeader
        icon={Code2}
        tone="purple"
        titleId="api-access-heading"
        title="API"
        description={<>Automate your portfolio with the REST API. Read the {docsLink}.</>}
      />
      <CardContent className="grid gap-6">
        {usage.isPending ? (
          <Skeleton className="h-40" />
        ) : !usage.data?.plan ? (
          <p className="text-muted-foreground text-sm">
            API keys come with an API plan. Choose one under API Access below to create keys.
          </p>
        ) : (
          <>
            <div className="grid gap-2">
              <p className="text-sm">
                <span className="font-medium">{usage.data.plan} plan:</span>{" "}
                {usage.data.limit === null
                  ? `${formatNumber(usage.data.used)} calls this period, unlimited`
                  : `${formatNumber(usage.data.used)} of ${formatNumber(usage.data.limit)} calls used, ${formatNumber(usage.data.remaining ?? 0)} remaining`}
                {usage.data.periodEnd && ` until ${formatDate(usage.data.periodEnd)}`}
              </p>
              <Suspense fallback={<Skeleton className="h-40" />}>
                <ApiUsageChart days={usage.data.days} />
              </Suspense>
            </div>
            <div className="grid gap-2">
              <h4 className="font-medium text-sm">Keys</h4>
              {keys.data ? <ApiKeyList keys={keys.data} /> : <Skeleton className="h-16" />}
            </div>
            <CreateApiKeyForm />
          </>
        )}
      </CardContent>
    </Card>
  );
}
