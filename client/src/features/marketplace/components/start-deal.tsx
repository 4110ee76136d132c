import { zodResolver } from "@hookform/resolvers/zod";
import { ZMakeOfferBody } from "@shared/api/marketplace/deals";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";
import type { z } from "zod";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { usePurchaseBlock } from "@/lib/can-purchase";
import { showServerIssues } from "@/lib/form-errors";
import { formatDate, formatMoney } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { useListing } from "../api/get-listing";
import { useMakeOffer } from "../api/make-offer";
import { useOpenTransaction } from "../api/open-transaction";
import { LeaseOption } from "./lease-option";

type TOfferForm = z.input<typeof ZMakeOfferBody>;

/**
 * A listing a buyer came to buy or make an offer on: Buy now into escrow, or an offer with a
 * message. A team member working in someone else's portfolio sees the listing with every way to
 * buy disabled, and why.
 */
export function StartDeal({ domainId, fromLander = false }: { domainId: string; fromLander?: boolean }) {
  const listing = useListing(domainId);
  // Counted for the name's lander when the buyer came from its parked page.
  const from = fromLander ? ({ from: "lander" } as const) : {};
  const [, navigate] = useLocation();
  const buy = useOpenTransaction();
  const offer = useMakeOffer();
  const form = useForm<TOfferForm>({
    resolver: zodResolver(ZMakeOfferBody),
    defaultValues: { domainId, amount: "", message: "", ...from },
  });
  const ids = { amount: useId(), message: useId() };
  const block = usePurchaseBlock();

  if (listing.isPending) return <Card className="p-5">Loading the listing…</Card>;
  if (listing.isError) return <Card className="p-5 text-destructive">This domain is not for sale.</Card>;
  const item = listing.data;

  function buyNow() {
    buy.mutate(
      { domainId, ...from },
      {
        onSuccess: (opened) => navigate(`/checkout/service/${opened.orderId}`),
        onError: (error) => toastError(error),
      },
    );
  }
  function submit(body: TOfferForm) {
    offer.mutate(body, {
      onSuccess: (made) => {
        form.reset({ domainId, amount: "", message: "", ...from });
        toast(
          made.status === "declined"
            ? {
                title: "Offer Declined",
                description: "Your offer is below what the seller accepts.",
                variant: "destructive",
              }
            : { title: "Offer Sent!", description: `It binds until ${formatDate(made.expiresAt)}.` },
        );
      },
      onError: (error) => {
        if (!showServerIssues(error, form.setError, ["amount", "message"])) toastError(error);
      },
    });
  }

  return (
    <Card className="grid gap-4 p-5" data-testid="start-deal">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold text-xl">{item.name}</h2>
        {item.featuredUntil && <Badge variant="warning">Featured</Badge>}
      </div>
      <p className="font-bold text-2xl text-emerald-600">{formatMoney(item.price)}</p>
      <p className="text-muted-foreground text-sm">
        {item.protection?.summary ?? "Held in escrow with an inspection before the seller is paid."}
      </p>
      {item.financing.length > 0 && (
        <p className="text-sm">
          Lease to own:{" "}
          {item.financing
            .map((f) => `${formatMoney(f.monthly)}/month for ${f.months} months (${f.aprPercent}% APR)`)
            .join(" · ")}
        </p>
      )}
      <PurchaseBlockedNote block={block} className="text-sm" />
      <div>
        <Button onClick={buyNow} disabled={buy.isPending} {...block?.button}>
          Buy Now for {formatMoney(item.price)}
        </Button>
      </div>
      <LeaseOption listing={item} block={block} />
      <form className="grid gap-3 border-t pt-4" onSubmit={form.handleSubmit(submit)} noValidate>
        <h3 className="font-medium">Make an offer</h3>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.amount}>Your offer (USD)</Label>
          <Input id={ids.amount} inputMode="decimal" {...form.register("amount")} />
          <FieldError>{form.formState.errors.amount?.message}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.message}>Message to the seller (optional)</Label>
          <Textarea id={ids.message} rows={3} {...form.register("message")} />
          <FieldError>{form.formState.errors.message?.message}</FieldError>
        </div>
        <div>
          <Button type="submit" variant="outline" disabled={offer.isPending} {...block?.button}>
            Send Offer
          </Button>
        </div>
      </form>
    </Card>
  );
}
