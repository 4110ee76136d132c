import type { TListingForBuyer } from "@shared/api/marketplace/deals";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import type { PurchaseBlock } from "@/lib/can-purchase";
import { formatMoney } from "@/lib/format";
import { toastError } from "@/lib/toast";
import { useLeaseQuote } from "../api/get-lease-quote";
import { useOpenTransaction } from "../api/open-transaction";

/**
 * Lease to own, when the seller bought Financing: the buyer picks a term and sees its APR, the
 * monthly instalment, the last one and the total before paying the first instalment at checkout.
 * `block`: a team member's, whose button is disabled with the deal's reason.
 */
export function LeaseOption({ listing, block }: { listing: TListingForBuyer; block: PurchaseBlock | null }) {
  const [months, setMonths] = useState<number | null>(listing.financing[0]?.months ?? null);
  const quote = useLeaseQuote(listing.id, months);
  const open = useOpenTransaction();
  const [, navigate] = useLocation();
  const termId = useId();
  if (listing.financing.length === 0 || months === null) return null;

  function lease() {
    if (months === null) return;
    open.mutate(
      { domainId: listing.id, kind: "lease", months },
      {
        onSuccess: (opened) => navigate(`/checkout/service/${opened.orderId}`),
        onError: (error) => toastError(error),
      },
    );
  }

  return (
    <div className="grid gap-3 border-t pt-4" data-testid="lease-option">
      <h3 className="font-medium">Lease to own</h3>
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor={termId}>Term</Label>
        <Select
          id={termId}
          value={String(months)}
          onValueChange={(v) => setMonths(Number(v))}
          options={listing.financing.map((f) => ({
            value: String(f.months),
            label: `${f.months} months at ${f.aprPercent}% APR`,
          }))}
        />
      </div>
      {quote.data && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm" data-testid="lease-quote">
          <dt className="text-muted-foreground">APR</dt>
          <dd>{quote.data.aprPercent}%</dd>
          <dt className="text-muted-foreground">Monthly</dt>
          <dd className="font-semibold">
            {formatMoney(quote.data.monthly)} × {quote.data.months - 1}, then {formatMoney(quote.data.last)}
          </dd>
          <dt className="text-muted-foreground">Total</dt>
          <dd>
            {formatMoney(quote.data.total)} ({formatMoney(quote.data.interest)} interest)
          </dd>
        </dl>
      )}
      {quote.isError && <p className="text-destructive text-sm">{quote.error.message}</p>}
      <p className="text-muted-foreground text-sm">
        While you pay, you choose what the domain serves and earn its leads; after the last instalment it is
        transferred to you. An instalment unpaid 10 days after it is due ends the lease.
      </p>
      <div>
        <Button
          variant="secondary"
          onClick={lease}
          disabled={open.isPending || !quote.data}
          {...block?.button}
        >
          Lease to Own{quote.data ? ` for ${formatMoney(quote.data.monthly)}/month` : ""}
        </Button>
      </div>
    </div>
  );
}
