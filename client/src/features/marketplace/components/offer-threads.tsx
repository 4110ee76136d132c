import { marketplaceDealPaths, type TOffer, type TOfferThread } from "@shared/api/marketplace/deals";
import { pathTo } from "@shared/path-to";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { usePurchaseBlock, useRouteBlock } from "@/lib/can-purchase";
import { formatDate, formatMoney } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { type TOfferAnswer, useAnswerOffer } from "../api/answer-offer";
import { useOffers } from "../api/get-offers";
import { useOpenTransaction } from "../api/open-transaction";

const STATUS_VARIANT: Record<TOffer["status"], "success" | "info" | "neutral" | "destructive" | "warning"> = {
  open: "info",
  accepted: "success",
  countered: "neutral",
  declined: "destructive",
  withdrawn: "neutral",
  expired: "warning",
  lapsed: "warning",
};

function OfferRow({ offer, role }: { offer: TOffer; role: "buyer" | "seller" }) {
  const answer = useAnswerOffer();
  const pay = useOpenTransaction();
  const block = usePurchaseBlock();
  const acceptBlock = useRouteBlock("POST", pathTo(marketplaceDealPaths.accept, { id: offer.id }));
  const declineBlock = useRouteBlock("POST", pathTo(marketplaceDealPaths.decline, { id: offer.id }), {
    sameNoteAs: acceptBlock,
  });
  const counterBlock = useRouteBlock("POST", pathTo(marketplaceDealPaths.counter, { id: offer.id }), {
    sameNoteAs: acceptBlock,
  });
  const withdrawBlock = useRouteBlock("POST", pathTo(marketplaceDealPaths.withdraw, { id: offer.id }));
  const [, navigate] = useLocation();
  const [counter, setCounter] = useState("");
  const act = (kind: TOfferAnswer) =>
    answer.mutate(
      { id: offer.id, answer: kind, amount: counter },
      {
        onSuccess: () => {
          setCounter("");
          toast({
            title: "Offer Updated",
            description: `The offer is ${kind === "counter" ? "countered" : `${kind}ed`}.`,
          });
        },
        onError: (error) => toastError(error),
      },
    );
  const mine = offer.madeBy === role;
  return (
    <li className="grid gap-2 border-t py-3 first:border-t-0" data-testid="offer-row">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{mine ? "You" : role === "buyer" ? "Seller" : "Buyer"}</span>
        <span className="font-semibold tabular-nums">{formatMoney(offer.amount)}</span>
        <Badge variant={STATUS_VARIANT[offer.status]}>{offer.status}</Badge>
        {offer.status === "open" && (
          <span className="text-muted-foreground">binds until {formatDate(offer.expiresAt)}</span>
        )}
      </div>
      {offer.message && <p className="text-muted-foreground text-sm">“{offer.message}”</p>}
      {offer.awaitsMe && (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            onClick={() => act("accept")}
            disabled={answer.isPending}
            {...acceptBlock?.button}
          >
            Accept
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => act("decline")}
            disabled={answer.isPending}
            {...declineBlock?.button}
          >
            Decline
          </Button>
          <Input
            className="h-8 w-32"
            aria-label="Counter amount (USD)"
            inputMode="decimal"
            value={counter}
            onChange={(e) => setCounter(e.target.value)}
          />
          <Button
            size="sm"
            variant="outline"
            onClick={() => act("counter")}
            disabled={answer.isPending || !counter}
            {...counterBlock?.button}
          >
            Counter
          </Button>
          <PurchaseBlockedNote block={[acceptBlock, declineBlock, counterBlock]} className="basis-full" />
        </div>
      )}
      {mine && offer.status === "open" && (
        <div className="grid justify-items-start gap-1.5">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => act("withdraw")}
            disabled={answer.isPending}
            {...withdrawBlock?.button}
          >
            Withdraw
          </Button>
          <PurchaseBlockedNote block={withdrawBlock} />
        </div>
      )}
      {role === "buyer" && offer.status === "accepted" && !offer.transactionId && (
        <div className="grid justify-items-start gap-1.5">
          <Button
            size="sm"
            onClick={() =>
              pay.mutate(
                { offerId: offer.id },
                {
                  onSuccess: (o) => navigate(`/checkout/service/${o.orderId}`),
                  onError: (e) => toastError(e),
                },
              )
            }
            disabled={pay.isPending}
            {...block?.button}
          >
            Pay into Escrow
          </Button>
          <PurchaseBlockedNote block={block} />
        </div>
      )}
      {offer.transactionId && (
        <Link className="text-primary text-sm underline" href={`/marketplace/deals/${offer.transactionId}`}>
          View the sale
        </Link>
      )}
    </li>
  );
}

function Thread({ thread }: { thread: TOfferThread }) {
  return (
    <Card className="p-4" data-testid="offer-thread">
      <h3 className="font-semibold">{thread.domainName}</h3>
      <ul>
        {thread.offers.map((offer) => (
          <OfferRow key={offer.id} offer={offer} role={thread.role} />
        ))}
      </ul>
    </Card>
  );
}

/** The offers the user made (as buyer) or received (as seller), each thread with its answers. */
export function OfferThreads({ side: role }: { side: "buyer" | "seller" }) {
  const offers = useOffers(role);
  return (
    <section
      className="grid gap-3"
      aria-label={role === "buyer" ? "Offers you made" : "Offers on your listings"}
    >
      <h2 className="font-semibold text-lg">
        {role === "buyer" ? "Offers you made" : "Offers on your listings"}
      </h2>
      {offers.isPending && <p className="text-muted-foreground text-sm">Loading…</p>}
      {offers.data?.length === 0 && <p className="text-muted-foreground text-sm">No offers yet.</p>}
      {offers.data?.map((thread) => (
        <Thread key={`${thread.domainId}-${thread.offers[0]?.id}`} thread={thread} />
      ))}
    </section>
  );
}
