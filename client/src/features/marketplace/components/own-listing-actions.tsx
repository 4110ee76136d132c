import type { TMarketplaceListing } from "@shared/api/marketplace";
import { BadgeCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-error";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useMarkSold } from "../api/mark-sold";
import { useUnlistDomain } from "../api/unlist-domain";

/** The seller's own listing: take it off the marketplace, or record that it sold and at what price. */
export function OwnListingActions({ listing, onDone }: { listing: TMarketplaceListing; onDone: () => void }) {
  const [selling, setSelling] = useState(false);
  const [salePrice, setSalePrice] = useState(listing.price);
  const priceField = useId();
  const unlist = useUnlistDomain();
  const markSold = useMarkSold();
  const busy = unlist.isPending || markSold.isPending;
  const fail = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, "Please try again."), variant: "destructive" });

  const removeListing = () =>
    unlist.mutate(listing.id, {
      onSuccess: () => {
        toast({ title: "Listing Removed", description: `${listing.name} is no longer for sale.` });
        onDone();
      },
      onError: fail("Error"),
    });
  const confirmSale = (event: FormEvent) => {
    event.preventDefault();
    if (!salePrice.trim() || busy) return;
    markSold.mutate(
      { domainId: listing.id, price: salePrice.trim() },
      {
        onSuccess: (sale) => {
          toast({
            title: "Domain Sold!",
            description: `${formatMoney(sale.soldPrice)} from the sale of ${listing.name} was added to your balance.`,
          });
          onDone();
        },
        onError: fail("Sale Not Recorded"),
      },
    );
  };

  if (!selling) {
    return (
      <DialogFooter>
        <Button variant="outline" onClick={removeListing} disabled={busy}>
          {unlist.isPending && <Spinner className="size-4 text-current" label="Removing" />}
          Remove Listing
        </Button>
        <Button onClick={() => setSelling(true)} disabled={busy}>
          <BadgeCheck aria-hidden="true" />
          Mark as Sold
        </Button>
      </DialogFooter>
    );
  }
  return (
    <form
      onSubmit={confirmSale}
      className="grid gap-3 rounded-lg border border-emerald-100 bg-emerald-50/50 p-4"
    >
      <div className="grid gap-2">
        <Label htmlFor={priceField}>Sale price (USD)</Label>
        <Input
          id={priceField}
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          value={salePrice}
          onChange={(event) => setSalePrice(event.target.value)}
        />
        <p className="text-muted-foreground text-xs">
          The sale price is added to your balance as marketplace revenue and the domain leaves the
          marketplace.
        </p>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => setSelling(false)} disabled={busy}>
          Back
        </Button>
        <Button type="submit" disabled={!salePrice.trim() || busy}>
          {markSold.isPending && <Spinner className="size-4 text-current" label="Recording sale" />}
          Confirm Sale
        </Button>
      </div>
    </form>
  );
}
