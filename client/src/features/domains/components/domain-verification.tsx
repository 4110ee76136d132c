import { DOMAIN_PATHS, type TDomain } from "@shared/api/domains";
import { pathTo } from "@shared/path-to";
import { Copy, RefreshCw, ShieldAlert, ShieldCheck } from "lucide-react";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { apiErrorMessage } from "@/lib/api-error";
import { useRouteBlock } from "@/lib/can-purchase";
import { cn } from "@/lib/cn";
import { formatDate, formatRelativeTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useVerifyDomain } from "../api/verify-domain";
import { STATUS_LABELS } from "../utils/domain-labels";
import { DnsSandboxPanel } from "./dns-sandbox-panel";

async function copy(value: string, what: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: "Copied", description: `The ${what} is on the clipboard.` });
  } catch {
    toast({
      variant: "destructive",
      title: "Copy Failed",
      description: "Your browser blocked the clipboard. Select the text and copy it by hand.",
    });
  }
}

/**
 * The TXT record's host as DNS panels ask for it: "@" for the domain itself, else the part before
 * the domain ("_verify" of "_verify.example.com").
 */
export function txtHost(recordName: string, domainName: string): string {
  if (recordName === domainName) return "@";
  const suffix = `.${domainName}`;
  return recordName.endsWith(suffix) ? recordName.slice(0, -suffix.length) : recordName;
}

/** A value to paste at the DNS provider, with its copy button and an optional note under it. */
function CopyValue(props: { label: string; value: string; what: string; note?: string }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
      <dt className="w-12 shrink-0 text-muted-foreground text-xs">{props.label}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-2">
        <span className="min-w-0 flex-1 break-all rounded bg-white px-2 py-1 font-mono text-slate-900 text-xs ring-1 ring-slate-200">
          {props.value}
        </span>
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={`Copy ${props.what}`}
          onClick={() => void copy(props.value, props.what)}
        >
          <Copy aria-hidden="true" className="size-4" />
        </Button>
      </dd>
      {props.note && <dd className="basis-full pl-14 text-muted-foreground text-xs">{props.note}</dd>}
    </div>
  );
}

function tellOutcome(checked: TDomain) {
  if (checked.verification.status === "verified") {
    toast({
      title: "Domain Verified",
      description: `${checked.name} is verified and now ${STATUS_LABELS[checked.status].toLowerCase()}.`,
    });
    return;
  }
  const at = checked.verification.lastCheckedAt;
  toast({
    title: "Not Found Yet",
    description: `Neither the TXT record nor your nameservers were found for ${checked.name}${at ? ` (checked ${new Date(at).toLocaleTimeString()})` : ""}. DNS changes can take a while to appear; we keep checking every few minutes.`,
  });
}

function tellFailure(err: Error) {
  toast({
    title: "Error",
    description: apiErrorMessage(err, "Could not check the domain. Please try again."),
    variant: "destructive",
  });
}

/** Presses "Verify now" and tells the outcome: verified, or not found yet with the time of the check. */
export function VerifyNowButton({ domain, className }: { domain: TDomain; className?: string }) {
  const verify = useVerifyDomain({ onChecked: tellOutcome, onFailed: tellFailure });
  const run = () => verify.mutate(domain.id);
  const block = useRouteBlock("POST", pathTo(DOMAIN_PATHS.verify, { id: domain.id }));
  return (
    <>
      <Button
        type="button"
        className={className}
        disabled={verify.isPending}
        onClick={run}
        {...block?.button}
      >
        <RefreshCw aria-hidden="true" className={cn(verify.isPending && "animate-spin")} />
        {verify.isPending ? "Checking..." : "Verify now"}
      </Button>
      <PurchaseBlockedNote block={block} />
    </>
  );
}

function LastChecked({ domain }: { domain: TDomain }) {
  const at = domain.verification.lastCheckedAt;
  return (
    <p className="text-muted-foreground text-xs" data-testid="verification-last-checked">
      {at ? `Last checked ${formatRelativeTime(at)}.` : "Not checked yet."} We check every few minutes for 72
      hours after you add a domain.
    </p>
  );
}

/** What the nameservers add to the TXT record, by the copy's proof (docs/security.md#domain-ownership). */
const NAMESERVERS_SAY: Record<TDomain["verification"]["proof"], { compact: string; full: string } | null> = {
  "txt-or-nameservers": {
    compact: "Or set its nameservers to",
    full: "Or point the domain's nameservers at the pair drawn for it, exactly these two (this also parks it):",
  },
  // Its nameservers named ParkPilot's before it was added: they prove nothing of who set them.
  txt: null,
  "txt-and-nameservers": {
    compact:
      "Another account holds it verified. Yours wins once that account's proof lapses, with the TXT record and its nameservers set to",
    full: "Another account holds it verified. Yours wins once that account's proof lapses, with the TXT record and the domain's nameservers pointed at exactly these two:",
  },
};

/**
 * How to prove ownership of a pending domain: the TXT record to publish, or (and, for a name
 * another account holds) the nameserver pair drawn for it, with copy buttons and Verify now; for
 * a verified domain, since when.
 */
export function DomainVerification({ domain, compact = false }: { domain: TDomain; compact?: boolean }) {
  const { verification } = domain;
  const host = txtHost(verification.txtRecord.name, domain.name);
  const nameservers = verification.nameservers.length > 0 ? NAMESERVERS_SAY[verification.proof] : null;
  if (verification.status === "verified") {
    return (
      <p className="flex items-center gap-1.5 text-emerald-700 text-sm" data-testid="domain-verified">
        <ShieldCheck aria-hidden="true" className="size-4 shrink-0" />
        Ownership verified{verification.verifiedAt ? ` on ${formatDate(verification.verifiedAt)}` : ""}
      </p>
    );
  }
  return (
    <section
      aria-label={`Verify ${domain.name}`}
      className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50/60 p-3"
      data-testid="domain-verification"
    >
      <div className="flex items-start gap-2">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <div className="min-w-0">
          <h4 className="font-medium text-slate-900 text-sm">Verify ownership</h4>
          <p className="text-slate-600 text-xs">
            {compact
              ? "Add this TXT record at your DNS provider:"
              : "Add this TXT record at your DNS provider. Until the domain is verified it does not serve the parked page, count visits, earn leads or list for sale."}
          </p>
        </div>
      </div>
      <dl className="grid gap-1.5">
        {!compact && <CopyValue label="Type" value="TXT" what="record type" />}
        <CopyValue
          label="Host"
          value={host}
          what="record host"
          note={
            host === "@" ? `@ is ${domain.name} itself; some DNS panels ask for the full name.` : undefined
          }
        />
        <CopyValue label="Value" value={verification.txtRecord.value} what="record value" />
      </dl>
      {compact && nameservers && (
        <p className="text-slate-600 text-xs" data-testid="verification-nameservers">
          {nameservers.compact}{" "}
          <span className="font-mono text-slate-900">{verification.nameservers.join(" and ")}</span>.
        </p>
      )}
      {!compact && nameservers && (
        <div className="grid gap-1.5">
          <p className="text-slate-600 text-xs">{nameservers.full}</p>
          <dl className="grid gap-1.5">
            {verification.nameservers.map((ns, i) => (
              <CopyValue key={ns} label={`NS ${i + 1}`} value={ns} what="nameserver" />
            ))}
          </dl>
        </div>
      )}
      {!compact && <DnsSandboxPanel domain={domain} />}
      {!compact && <LastChecked domain={domain} />}
      <VerifyNowButton domain={domain} className={compact ? "w-full" : "justify-self-start"} />
    </section>
  );
}
