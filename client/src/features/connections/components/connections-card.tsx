import { zodResolver } from "@hookform/resolvers/zod";
import {
  type TConnection,
  type TConnectionService,
  type TSyncSummary,
  ZCreateConnectionBody,
} from "@shared/api/connections";
import { Plug } from "lucide-react";
import { useId, useState } from "react";
import { type FieldPath, useForm } from "react-hook-form";
import { z } from "zod";
import { SettingsCard } from "@/components/settings-card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-error";
import { showServerIssues } from "@/lib/form-errors";
import { formatNumber, formatRelativeTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useChangeConnection } from "../api/change-connection";
import { useCreateConnection } from "../api/create-connection";
import { useConnections } from "../api/list-connections";
import { useConnectionServices } from "../api/list-services";

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** When the next run is due, to the minute, in the viewer's time zone. */
const nextRunWords = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

function summaryWords(s: TSyncSummary | null): string | null {
  if (!s) return null;
  if (s.domainsListed !== undefined) {
    return `${count(s.domainsListed, "name", "names")} at the registrar: ${formatNumber(s.domainsAdded ?? 0)} added, ${formatNumber(s.domainsMatched ?? 0)} already in your portfolio.`;
  }
  const parts = [`${count(s.daysWritten ?? 0, "domain-day", "domain-days")} written`];
  if (s.daysRevised) parts.push(`${formatNumber(s.daysRevised)} revised by the network`);
  if (s.unknownDomainCount)
    parts.push(`${count(s.unknownDomainCount, "name", "names")} not in your portfolio`);
  return `${parts.join(", ")}.`;
}

function StatusBadge({ connection }: { connection: TConnection }) {
  if (connection.paused) return <Badge variant="neutral">Paused</Badge>;
  if (connection.running || connection.lastRunAt === null) return <Badge variant="info">Syncing</Badge>;
  return connection.lastStatus === "failed" ? (
    <Badge variant="destructive">Failed</Badge>
  ) : (
    <Badge variant="success">Up to date</Badge>
  );
}

function ConnectionRow({ connection }: { connection: TConnection }) {
  const change = useChangeConnection();
  const act = (action: "sync" | "pause" | "resume" | "remove", done: string) =>
    change.mutate(
      { id: connection.id, action },
      {
        onSuccess: () =>
          toast({ title: done, description: `${connection.serviceName} (${connection.account})` }),
        onError: (error) =>
          toast({
            title: "Error",
            description: errorMessage(error, "Please try again."),
            variant: "destructive",
          }),
      },
    );
  const summary = summaryWords(connection.summary);
  const revisions = connection.summary?.revisions ?? [];
  const unknown = connection.summary?.unknownDomains ?? [];
  return (
    <li className="grid gap-2 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {connection.serviceName}{" "}
            <span className="font-normal text-muted-foreground">· {connection.account}</span>
          </p>
          <p className="text-muted-foreground text-xs">
            {connection.kind === "registrar" ? "Registrar" : "Parking network"} · Last run{" "}
            {connection.lastRunAt ? formatRelativeTime(connection.lastRunAt) : "not yet"}
            {connection.nextRunAt ? ` · Next run ${nextRunWords(connection.nextRunAt)}` : ""}
          </p>
        </div>
        <StatusBadge connection={connection} />
      </div>
      {connection.lastError && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700 text-sm">
          {connection.lastError}
        </p>
      )}
      {summary && <p className="text-sm text-slate-700">{summary}</p>}
      {revisions.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">Revised figures</summary>
          <ul className="mt-1 grid gap-1 text-muted-foreground">
            {revisions.slice(0, 10).map((r) => (
              <li key={`${r.domain} ${r.day}`}>
                {r.domain} on {r.day}: ${r.previousRevenue} → ${r.revenue}
              </li>
            ))}
          </ul>
        </details>
      )}
      {unknown.length > 0 && (
        <p className="text-muted-foreground text-sm">
          Not in your portfolio yet (add them to see their revenue): {unknown.slice(0, 5).join(", ")}
          {unknown.length > 5 ? "…" : ""}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={connection.paused || change.isPending}
          onClick={() => act("sync", "Sync Queued")}
        >
          Sync now
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={change.isPending}
          onClick={() =>
            connection.paused ? act("resume", "Connection Resumed") : act("pause", "Connection Paused")
          }
        >
          {connection.paused ? "Resume" : "Pause"}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700"
          disabled={change.isPending}
          onClick={() => {
            if (
              window.confirm(
                `Remove ${connection.serviceName} (${connection.account})? Its credentials are deleted.`,
              )
            ) {
              act("remove", "Connection Removed");
            }
          }}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

/** The connect request's own schema, the service as the select holds it (nothing chosen yet). */
const ZConnectForm = ZCreateConnectionBody.extend({
  service: z.string().pipe(ZCreateConnectionBody.shape.service),
});
type TConnectForm = z.input<typeof ZConnectForm>;
const EMPTY: TConnectForm = { service: "", credentials: {} };

function ConnectForm({ services }: { services: TConnectionService[] }) {
  const form = useForm<TConnectForm, unknown, z.output<typeof ZConnectForm>>({
    resolver: zodResolver(ZConnectForm),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateConnection();
  const baseId = useId();
  const serviceId = form.watch("service");
  const service = services.find((s) => s.id === serviceId);
  /** The service and each of its credentials, where the server's issues are shown. */
  const fields: FieldPath<TConnectForm>[] = [
    "service",
    ...(service?.fields.map((f) => `credentials.${f.name}` as const) ?? []),
  ];
  const describedBy = (error: unknown, id: string, hint?: string) => {
    const ids = [error ? `${id}-error` : undefined, hint].filter(Boolean).join(" ");
    return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
  };

  const submit = form.handleSubmit((body) => {
    setRefusal(null);
    create.mutate(body, {
      onSuccess: (created) => {
        form.reset(EMPTY);
        toast({
          title: "Connected",
          description: `${created.serviceName} (${created.account}) syncs now.`,
        });
      },
      onError: (error) => {
        if (!showServerIssues(error, form.setError, fields)) {
          setRefusal(errorMessage(error, "The service refused these credentials."));
        }
      },
    });
  });

  return (
    <form
      className="grid gap-3 rounded-md border p-4"
      onSubmit={submit}
      aria-label="Connect a service"
      noValidate
    >
      <div className="grid gap-2">
        <Label htmlFor={`${baseId}-service`}>Service</Label>
        <Select
          id={`${baseId}-service`}
          value={serviceId}
          placeholder="Choose a registrar or parking network"
          options={services.map((s) => ({
            value: s.id,
            label: `${s.name} (${s.kind === "registrar" ? "registrar" : "parking network"})`,
          }))}
          {...describedBy(errors.service, `${baseId}-service`)}
          onValueChange={(next) => {
            form.reset({ service: next, credentials: {} });
            setRefusal(null);
          }}
        />
        <FieldError id={`${baseId}-service-error`}>{errors.service?.message}</FieldError>
        {service && <p className="text-muted-foreground text-xs">{service.imports}</p>}
      </div>
      {service?.fields.map((field) => {
        const id = `${baseId}-${field.name}`;
        const error = errors.credentials?.[field.name]?.message;
        return (
          <div key={`${service.id}-${field.name}`} className="grid gap-2">
            <Label htmlFor={id}>{field.label}</Label>
            <Input
              id={id}
              type={field.secret ? "password" : "text"}
              autoComplete="off"
              required
              {...describedBy(error, id, field.help ? `${id}-help` : undefined)}
              {...form.register(`credentials.${field.name}`)}
            />
            <FieldError id={`${id}-error`}>{error}</FieldError>
            {field.help && (
              <p id={`${id}-help`} className="text-muted-foreground text-xs">
                {field.help}
              </p>
            )}
          </div>
        );
      })}
      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-700 text-sm">
          {refusal}
        </p>
      )}
      <div>
        <Button type="submit" disabled={!service || create.isPending}>
          {create.isPending ? "Checking…" : "Connect"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Settings → Connections: registrars and parking networks connected with their own credentials
 * (tried with one call, stored sealed, never shown again), each with its last and next run, its
 * errors in plain words, Sync now, Pause and Remove.
 */
export function ConnectionsCard() {
  const services = useConnectionServices();
  const connections = useConnections();
  return (
    <SettingsCard
      id="connections"
      icon={Plug}
      title="Connections"
      description="Registrars and parking networks whose names, renewals and revenue arrive by themselves."
    >
      {connections.isPending || services.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <div className="grid gap-4">
          {connections.data && connections.data.length > 0 ? (
            <ul className="divide-y">
              {connections.data.map((c) => (
                <ConnectionRow key={c.id} connection={c} />
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground text-sm">No registrar or parking network is connected yet.</p>
          )}
          {services.data && <ConnectForm services={services.data} />}
        </div>
      )}
    </SettingsCard>
  );
}
