import { marketplaceDealPaths, type TMarketplaceTransaction } from "@shared/api/marketplace/deals";
import { ZPageUrl } from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { useId, useState } from "react";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useRouteBlock } from "@/lib/can-purchase";
import { formatDate, formatMoney } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useSetLeaseRedirect } from "../api/set-lease-redirect";

/**
 * A lease-to-own's progress for either side (instalments paid, the next one due), and, for the
 * lessee while it runs, where the domain sends its visitors.
 */
export function LeaseStatus({ sale }: { sale: TMarketplaceTransaction }) {
  const lease = sale.lease;
  const redirect = useSetLeaseRedirect();
  const [url, setUrl] = useState(lease?.redirectUrl ?? "");
  const [error, setError] = useState<string | undefined>();
  const urlId = useId();
  const block = useRouteBlock("PUT", pathTo(marketplaceDealPaths.leaseRedirect, { id: sale.id }));
  if (!lease) return null;

  function save(next: string | null) {
    if (next !== null) {
      const parsed = ZPageUrl.safeParse(next);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    }
    setError(undefined);
    redirect.mutate(
      { id: sale.id, url: next },
      {
        onSuccess: () =>
          toast({ title: next ? "Redirect Saved" : "Parked Page Restored", description: sale.domainName }),
        onError: (e) => toastError(e),
      },
    );
  }

  return (
    <div className="grid gap-3 rounded-md border bg-slate-50 p-3 text-sm" data-testid="lease-status">
      <p>
        Lease to own over {lease.months} months at {lease.aprPercent}% APR:{" "}
        <strong>
          {lease.instalmentsPaid} of {lease.months}
        </strong>{" "}
        instalments paid ({formatMoney(lease.paidSoFar)}). Each is {formatMoney(lease.monthly)}, the last{" "}
        {formatMoney(lease.last)}.
      </p>
      {lease.nextInstalmentAt && (
        <p>Next instalment: {formatDate(lease.nextInstalmentAt)} (10 days of grace).</p>
      )}
      {sale.role === "buyer" && sale.status === "leasing" && (
        <div className="grid gap-1.5">
          <Label htmlFor={urlId}>
            Send the domain's visitors to (leave empty for its parked page, whose leads you earn)
          </Label>
          <Input id={urlId} value={url} placeholder="https://" onChange={(e) => setUrl(e.target.value)} />
          <FieldError>{error}</FieldError>
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => save(url.trim() || null)}
              disabled={redirect.isPending}
              {...block?.button}
            >
              Save
            </Button>
            {lease.redirectUrl && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => save(null)}
                disabled={redirect.isPending}
                {...block?.button}
              >
                Use the Parked Page
              </Button>
            )}
          </div>
          <PurchaseBlockedNote block={block} />
        </div>
      )}
    </div>
  );
}
