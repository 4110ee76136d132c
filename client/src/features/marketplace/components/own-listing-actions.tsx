import { zodResolver } from "@hookform/resolvers/zod";
import { marketplacePaths, type TMarketplaceListing, ZMarkSoldBody } from "@shared/api/marketplace/listings";
import { pathTo } from "@shared/path-to";
import { BadgeCheck } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-error";
import { useRouteBlock } from "@/lib/can-purchase";
import { showServerIssues } from "@/lib/form-errors";
import { formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useMarkSold } from "../api/mark-sold";
import { useUnlistDomain } from "../api/unlist-domain";

/** The sale's price, on the request's own rule; the listing names the domain. */
const ZSaleForm = ZMarkSoldBody.pick({ price: true });
type TSaleForm = z.input<typeof ZSaleForm>;

/** The seller's own listing: take it off the marketplace, or record that it sold and at what price. */
export function OwnListingActions({ listing, onDone }: { listing: TMarketplaceListing; onDone: () => void }) {
  const [selling, setSelling] = useState(false);
  const form = useForm<TSaleForm, unknown, z.output<typeof ZSaleForm>>({
    resolver: zodResolver(ZSaleForm),
    defaultValues: { price: listing.price },
  });
  const { errors } = form.formState;
  const salePrice = String(form.watch("price"));
  const priceField = useId();
  const unlist = useUnlistDomain();
  const markSold = useMarkSold();
  const busy = unlist.isPending || markSold.isPending;
  const unlistBlock = useRouteBlock("DELETE", pathTo(marketplacePaths.unlist, { domainId: listing.id }));
  const soldBlock = useRouteBlock("POST", marketplacePaths.sold, { sameNoteAs: unlistBlock });
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
  const confirmSale = form.handleSubmit(({ price }) => {
    if (busy) return;
    markSold.mutate(
      { domainId: listing.id, price },
      {
        onSuccess: (sale) => {
          toast({
            title: "Domain Sold!",
            description: `${formatMoney(sale.soldPrice)} from the sale of ${listing.name} was added to your balance.`,
          });
          onDone();
        },
        onError: (error) => {
          showServerIssues(error, form.setError, ["price"]);
          fail("Sale Not Recorded")(error);
        },
      },
    );
  });

  if (!selling) {
    return (
      <DialogFooter>
        <PurchaseBlockedNote block={[unlistBlock, soldBlock]} className="sm:mr-auto sm:self-center" />
        <Button variant="outline" onClick={removeListing} disabled={busy} {...unlistBlock?.button}>
          {unlist.isPending && <Spinner className="size-4 text-current" label="Removing" />}
          Remove Listing
        </Button>
        <Button onClick={() => setSelling(true)} disabled={busy} {...soldBlock?.button}>
          <BadgeCheck aria-hidden="true" />
          Mark as Sold
        </Button>
      </DialogFooter>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        // Enter in the field does nothing while the button is disabled, as clicking it would.
        if (!salePrice.trim() || busy) event.preventDefault();
        else void confirmSale(event);
      }}
      noValidate
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
          aria-invalid={errors.price ? true : undefined}
          aria-describedby={errors.price ? `${priceField}-error ${priceField}-hint` : `${priceField}-hint`}
          {...form.register("price")}
        />
        <FieldError id={`${priceField}-error`}>{errors.price?.message}</FieldError>
        <p id={`${priceField}-hint`} className="text-muted-foreground text-xs">
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
