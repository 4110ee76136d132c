import {
  AUDIT_EVENT_LABELS,
  AUDIT_EVENTS,
  SECURITY_PATHS,
  type TAuditEvent,
  type TAuditLogQuery,
} from "@shared/api/auth/security";
import { Download, ScrollText } from "lucide-react";
import { useId, useState } from "react";
import { IconCardHeader } from "@/components/icon-card-header";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useEntitlements } from "@/lib/api/get-entitlements";
import { formatRelativeTime } from "@/lib/format";
import { auditQueryString, useAuditLog } from "../api/get-audit-log";

const EVENT_OPTIONS = [
  { value: "", label: "All events" },
  ...AUDIT_EVENTS.filter((e) => e !== "staff_action" && e !== "account_deleted").map((e) => ({
    value: e,
    label: AUDIT_EVENT_LABELS[e],
  })),
];

/** How far back the log reaches by Enhanced Security level (docs/product.md#constants). */
const REACH = [
  ["security:enterprise", "last 7 years"],
  ["security:advanced", "last year"],
] as const;

const SHOWN = 50;

/** Team entries say who: the member who acted (and what they changed) or whom the owner's change was about. */
function TeamDetail({ detail }: { detail: Record<string, unknown> | null }) {
  const text = (key: string) => (typeof detail?.[key] === "string" ? (detail[key] as string) : undefined);
  const who = text("actorEmail") ?? text("memberEmail") ?? text("email");
  if (!who) return null;
  const what = text("method") && text("path") ? `: ${text("method")} ${text("path")}` : "";
  return (
    <span className="font-normal text-muted-foreground">
      {" "}
      ({who}
      {what})
    </span>
  );
}

/**
 * Settings → Security: the account's security events within its retention (90 days; a year or 7
 * years with Enhanced Security's levels), filtered by event and days; the Audit Logs add-on
 * exports them as CSV or JSON.
 */
export function AuditLogCard() {
  const [filter, setFilter] = useState<TAuditLogQuery>({});
  const badRange = Boolean(filter.from && filter.to && filter.from > filter.to);
  const log = useAuditLog(badRange ? {} : filter);
  const entitlements = useEntitlements();
  const features = new Set((entitlements.data ?? []).map((e) => e.feature));
  const reach = REACH.find(([feature]) => features.has(feature))?.[1] ?? "last 90 days";
  const canExport = features.has("security:audit-logs");
  const events = (log.data ?? []).slice(0, SHOWN);
  const ids = { event: useId(), from: useId(), to: useId() };
  const set = (key: keyof TAuditLogQuery) => (value: string) =>
    setFilter((current) => ({ ...current, [key]: value || undefined }));

  return (
    <Card role="region" aria-labelledby="audit-log-heading">
      <IconCardHeader
        icon={ScrollText}
        titleId="audit-log-heading"
        title="Security Activity"
        description={<>Sign-ins and changes to your account's security, {reach}.</>}
      />
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
          <div className="grid gap-1">
            <Label htmlFor={ids.event}>Event</Label>
            <Select
              id={ids.event}
              options={EVENT_OPTIONS}
              value={filter.event ?? ""}
              onValueChange={set("event")}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.from}>From</Label>
            <Input
              id={ids.from}
              type="date"
              value={filter.from ?? ""}
              onChange={(e) => set("from")(e.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.to}>To</Label>
            <Input
              id={ids.to}
              type="date"
              value={filter.to ?? ""}
              onChange={(e) => set("to")(e.target.value)}
            />
          </div>
        </div>
        {badRange ? (
          <p className="text-destructive text-sm" role="alert">
            The start date is after the end date.
          </p>
        ) : log.isPending ? (
          <Skeleton className="h-24" />
        ) : events.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            {Object.values(filter).some(Boolean)
              ? "No security activity matches."
              : "No security activity yet."}
          </p>
        ) : (
          <ul className="max-h-80 divide-y overflow-y-auto" aria-label="Security events">
            {events.map((e) => (
              <li
                key={e.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2 text-sm"
              >
                <span className="font-medium">
                  {AUDIT_EVENT_LABELS[e.event as TAuditEvent] ?? e.event}
                  {e.event.startsWith("team_") && <TeamDetail detail={e.detail} />}
                </span>
                <span className="text-muted-foreground text-xs">
                  {/* No address: the billing job or a payment provider made the change, not a device. */}
                  {e.address === null ? "ParkPilot billing" : `${e.device} · ${e.address}`} ·{" "}
                  <time dateTime={e.createdAt} title={e.createdAt}>
                    {formatRelativeTime(e.createdAt)}
                  </time>
                </span>
              </li>
            ))}
          </ul>
        )}
        {canExport ? (
          <div className="flex flex-wrap gap-2">
            {(["csv", "json"] as const).map((format) => (
              <a
                key={format}
                className={buttonVariants({ variant: "outline", size: "sm" })}
                href={`${SECURITY_PATHS.auditLogExport}${auditQueryString(badRange ? {} : filter, { format })}`}
                download
              >
                <Download aria-hidden="true" className="size-4" />
                Export {format.toUpperCase()}
              </a>
            ))}
          </div>
        ) : (
          <p className="text-muted-foreground text-xs">
            The Audit Logs add-on of Enhanced Security exports this log as CSV or JSON.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
