import type { TDomain } from "@shared/api/domains";
import { Globe, Lock, Settings2 } from "lucide-react";
import { Fragment } from "react";
import { DomainStatusBadge } from "@/components/domain-status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { DomainVerification } from "./domain-verification";

const SOON_MS = 30 * 86_400_000;

function Figure(props: { label: string; value: string; unit?: string; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs">{props.label}</dt>
      <dd className={cn("mt-0.5 truncate font-medium text-slate-900 text-sm tabular-nums", props.className)}>
        {props.value}
        {props.unit && <span className="font-normal text-muted-foreground text-xs">{props.unit}</span>}
      </dd>
    </div>
  );
}

/**
 * One domain of the portfolio grid: name, status, 30-day figures, dates, the record to publish
 * while it is unverified, and the manage button.
 */
/** A domain name with a line-break opportunity after each dot and hyphen. */
function BreakableName({ name }: { name: string }) {
  const parts = name.split(/(?<=[.-])/);
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order, never reordered
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

export function DomainCard({
  domain,
  onManage,
  readOnly = false,
}: {
  domain: TDomain;
  onManage: (domain: TDomain) => void;
  /** Beyond the plan's domain limit (after a downgrade): kept, shown, not editable. */
  readOnly?: boolean;
}) {
  const expiresSoon = domain.expiryDate !== null && Date.parse(domain.expiryDate) - Date.now() < SOON_MS;
  return (
    <Card
      className="flex min-w-0 flex-col gap-4 p-5 transition-shadow hover:shadow-md"
      data-testid="domain-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
            <Globe aria-hidden="true" className="size-4" />
          </span>
          {/* A long name wraps after a dot or hyphen rather than being cut: the whole name is the card's point. */}
          <h3 className="font-semibold text-slate-900 leading-snug [overflow-wrap:anywhere]">
            <BreakableName name={domain.name} />
          </h3>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <DomainStatusBadge status={domain.status} />
          {readOnly && (
            <Badge variant="warning" title="Over your plan's domain limit: kept, but not editable">
              <Lock aria-hidden="true" />
              Read-only
            </Badge>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Figure label="Revenue" value={formatMoney(domain.parkingRevenue)} unit=" /day" />
        <Figure label="Visitors" value={formatNumber(domain.visitors)} unit=" /30 days" />
        <Figure label="Acquired" value={formatDate(domain.registrationDate)} />
        {domain.expiryDate && (
          <Figure
            label="Expires"
            value={formatDate(domain.expiryDate)}
            className={expiresSoon ? "text-amber-700" : undefined}
          />
        )}
      </dl>
      {domain.verification.status === "pending" && <DomainVerification domain={domain} compact />}
      <Button variant="outline" className="mt-auto w-full" onClick={() => onManage(domain)}>
        <Settings2 aria-hidden="true" />
        Manage Domain
      </Button>
    </Card>
  );
}
