import { sandboxDnsPath, type TDomain } from "@shared/api/domains";
import { FlaskConical } from "lucide-react";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { useRouteBlock } from "@/lib/can-purchase";
import { toast, toastError } from "@/lib/toast";
import { usePublishSandboxDns, useSandboxDns } from "../api/sandbox-dns";

/**
 * Development only (the DNS sandbox): publishes the domain's proof in the app instead of at a DNS
 * provider, so "Verify now" finds it. Shown only where the server runs the sandbox (`npm run dev`).
 */
export function DnsSandboxPanel({ domain }: { domain: TDomain }) {
  const sandbox = useSandboxDns(domain.id);
  const publish = usePublishSandboxDns(domain.id);
  const block = useRouteBlock("PUT", sandboxDnsPath(domain.id));
  if (!sandbox.data?.enabled) return null;
  const { txtRecord, nameservers } = domain.verification;
  const published = sandbox.data.txt !== null || sandbox.data.ns.length > 0;
  const send = (body: { txt: string | null; ns: string[] }, what: string) =>
    publish.mutate(body, {
      onSuccess: () =>
        toast({ title: "Published in the DNS sandbox", description: `${what} Press Verify now.` }),
      onError: (error) => toastError(error),
    });
  return (
    <section
      aria-label="DNS sandbox (development only)"
      className="grid gap-2 rounded-lg border border-violet-300 border-dashed bg-violet-50/70 p-3"
    >
      <h5 className="flex items-center gap-1.5 font-medium text-sm text-violet-900">
        <FlaskConical aria-hidden="true" className="size-4" />
        DNS sandbox · development only
      </h5>
      <p className="text-violet-900/80 text-xs">
        This server runs in development: the ownership check also reads records published here, as if your DNS
        provider served them. Production never does.
      </p>
      {published && (
        <p className="break-all font-mono text-violet-950 text-xs" data-testid="sandbox-records">
          {sandbox.data.txt && <>TXT {sandbox.data.txt}</>}
          {sandbox.data.ns.length > 0 && <> NS {sandbox.data.ns.join(", ")}</>}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={publish.isPending}
          onClick={() => send({ txt: txtRecord.value, ns: [] }, "The TXT record is published.")}
          {...block?.button}
        >
          Publish the TXT record
        </Button>
        {nameservers.length > 0 && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={publish.isPending}
            onClick={() => send({ txt: null, ns: nameservers }, "The nameservers point at the pair.")}
            {...block?.button}
          >
            Point the nameservers
          </Button>
        )}
        {published && (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={publish.isPending}
            onClick={() => send({ txt: null, ns: [] }, "The records are removed.")}
            {...block?.button}
          >
            Remove
          </Button>
        )}
      </div>
      <PurchaseBlockedNote block={block} />
    </section>
  );
}
