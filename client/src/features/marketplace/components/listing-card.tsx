import { marketplacePaths, type TMarketplaceListing } from "@shared/api/marketplace/listings";
import { Calendar, DollarSign, Eye, MessageSquare, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { OWNER_BUYS_ONLY, usePurchaseBlock, useRouteBlock } from "@/lib/can-purchase";
import { cn } from "@/lib/cn";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { LanderFigures } from "./lander-figures";

function Figure({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-2 text-sm">
      <dt className="flex items-center gap-1.5 text-muted-foreground [&_svg]:size-4">
        {icon}
        {label}
      </dt>
      <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * One domain for sale: its figures and the two actions of docs/product.md#screens, and the way to
 * buy it (disabled, with the reason, for a team member working in someone else's portfolio).
 */
export function ListingCard(props: {
  listing: TMarketplaceListing;
  onViewDetails: () => void;
  onContactSeller: () => void;
}) {
  const { listing } = props;
  const block = usePurchaseBlock();
  // Asking a seller is the start of buying: the owner's, with the same note as the buy button.
  const contactBlock = useRouteBlock("POST", marketplacePaths.contact, {
    ownerReason: OWNER_BUYS_ONLY,
    sameNoteAs: block,
  });
  return (
    <Card className="flex flex-col gap-4 p-5 transition-shadow hover:shadow-md" data-testid="listing-card">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 break-words font-semibold text-lg text-slate-900 leading-tight">
          {listing.name}
        </h3>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge variant="success">For Sale</Badge>
          {listing.featuredUntil && (
            <Badge variant="warning" title={`Featured until ${formatDate(listing.featuredUntil)}`}>
              Featured{listing.isOwn ? ` until ${formatDate(listing.featuredUntil)}` : ""}
            </Badge>
          )}
          {listing.isOwn && <Badge variant="neutral">Your listing</Badge>}
        </div>
      </div>
      <p className="font-bold text-2xl text-emerald-600 tabular-nums">{formatMoney(listing.price)}</p>
      <dl className="grid gap-2">
        <Figure
          icon={<Users aria-hidden="true" />}
          label="Visitors (30 days)"
          value={formatNumber(listing.visitors)}
        />
        <Figure
          icon={<DollarSign aria-hidden="true" />}
          label="Parking revenue"
          value={`${formatMoney(listing.parkingRevenue)}/day`}
        />
        <Figure
          icon={<Calendar aria-hidden="true" />}
          label="Acquired"
          value={formatDate(listing.registrationDate)}
        />
      </dl>
      {listing.lander && <LanderFigures listing={listing} lander={listing.lander} />}
      <div className="mt-auto grid grid-cols-2 gap-2">
        <Button variant="outline" size="sm" onClick={props.onViewDetails}>
          <Eye aria-hidden="true" />
          View Details
        </Button>
        <Button
          size="sm"
          onClick={props.onContactSeller}
          disabled={listing.isOwn}
          title={listing.isOwn ? "This is your own listing" : undefined}
          {...(!listing.isOwn && contactBlock?.button)}
        >
          <MessageSquare aria-hidden="true" />
          Contact Seller
        </Button>
        {!listing.isOwn &&
          (block ? (
            <>
              <Button variant="secondary" size="sm" className="col-span-2" {...block.button}>
                Buy Now or Make Offer
              </Button>
              <PurchaseBlockedNote block={[block, contactBlock]} className="col-span-2" />
            </>
          ) : (
            <Link
              className={cn(buttonVariants({ variant: "secondary", size: "sm" }), "col-span-2")}
              href={`/marketplace/deals?offer=${listing.id}`}
            >
              Buy Now or Make Offer
            </Link>
          ))}
      </div>
    </Card>
  );
}
