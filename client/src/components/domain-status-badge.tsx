import {
  DOMAIN_STATUS_LABELS,
  DOMAIN_STATUS_MEANINGS,
  DOMAIN_STATUSES,
  type TDomainStatus,
} from "@shared/api/domains";
import { Badge, type BadgeProps } from "@/components/ui/badge";

const VARIANTS: Record<TDomainStatus, BadgeProps["variant"]> = {
  active: "success",
  parked: "info",
  pending: "warning",
};

const isStatus = (status: string): status is TDomainStatus =>
  (DOMAIN_STATUSES as readonly string[]).includes(status);

/**
 * A domain's status, the same badge on the portfolio, the manage dialog and the dashboard; its
 * tooltip says what the status means.
 */
export function DomainStatusBadge({ status }: { status: string }) {
  if (!isStatus(status)) return <Badge variant="neutral">{status}</Badge>;
  return (
    <Badge variant={VARIANTS[status]} title={DOMAIN_STATUS_MEANINGS[status]} data-testid="domain-status">
      {DOMAIN_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The statuses and what they mean, once per page that shows the badges. */
export function DomainStatusLegend({ className }: { className?: string }) {
  return (
    <details className={className} data-testid="domain-status-legend">
      <summary className="cursor-pointer text-muted-foreground text-sm hover:text-slate-900">
        What do Active, Parked and Pending mean?
      </summary>
      <dl className="mt-2 grid gap-2 text-sm">
        {DOMAIN_STATUSES.map((status) => (
          <div key={status} className="flex items-start gap-2">
            <dt className="w-20 shrink-0">
              <DomainStatusBadge status={status} />
            </dt>
            <dd className="text-slate-600">{DOMAIN_STATUS_MEANINGS[status]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
