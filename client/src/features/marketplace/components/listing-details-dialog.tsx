import { marketplacePaths, type TMarketplaceListing } from "@shared/api/marketplace/listings";
import { MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { DialogFooter, DialogShell } from "@/components/ui/dialog";
import { FigureTile } from "@/components/ui/figure-tile";
import { OWNER_BUYS_ONLY, useRouteBlock } from "@/lib/can-purchase";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { annualRevenue, monthlyRevenue, revenueMultiple } from "../utils/revenue-multiple";
import { OwnListingActions } from "./own-listing-actions";

/** Listing facts read as small capitals, as in a sale listing. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <FigureTile label={label} labelClassName="uppercase tracking-wide">
      {children}
    </FigureTile>
  );
}

/** The details of one listing; the owner can also record its sale or take it off the marketplace. */
export function ListingDetailsDialog(props: {
  listing: TMarketplaceListing | null;
  onClose: () => void;
  onContactSeller: (listing: TMarketplaceListing) => void;
}) {
  const { listing } = props;
  const contactBlock = useRouteBlock("POST", marketplacePaths.contact, { ownerReason: OWNER_BUYS_ONLY });
  return (
    <DialogShell
      open={listing !== null}
      onOpenChange={(open) => !open && props.onClose()}
      title={listing?.name}
      titleClassName="break-words"
      description={listing && `Listed ${formatDate(listing.listedAt)}`}
    >
      {listing && (
        <>
          <dl className="grid grid-cols-2 gap-3">
            <Detail label="Price">
              <span className="text-emerald-700">{formatMoney(listing.price)}</span>
            </Detail>
            <Detail label="Monthly Visitors">{formatNumber(listing.visitors)}</Detail>
            <Detail label="Monthly Revenue">{formatMoney(monthlyRevenue(listing.parkingRevenue))}</Detail>
            <Detail label="Status">
              <Badge variant="success">For Sale</Badge>
            </Detail>
            <Detail label="Acquired">{formatDate(listing.registrationDate)}</Detail>
            <Detail label="Annual Revenue">{formatMoney(annualRevenue(listing.parkingRevenue))}</Detail>
            <Detail label="Revenue Multiple (annual)">
              {revenueMultiple(listing.price, listing.parkingRevenue)}
            </Detail>
          </dl>
          <p className="text-muted-foreground text-xs">
            Monthly revenue is the average daily parking revenue of the last 30 days times 30, annual revenue
            the same average times 365; the revenue multiple is the price divided by the annual revenue.
            Acquired is the day the owner acquired the domain (the day it was added to ParkPilot unless the
            owner set it).
          </p>
          {listing.isOwn ? (
            <OwnListingActions listing={listing} onDone={props.onClose} />
          ) : (
            <DialogFooter>
              <PurchaseBlockedNote block={contactBlock} className="sm:mr-auto sm:self-center" />
              <Button variant="outline" onClick={props.onClose}>
                Close
              </Button>
              <Button onClick={() => props.onContactSeller(listing)} {...contactBlock?.button}>
                <MessageSquare aria-hidden="true" />
                Contact Seller
              </Button>
            </DialogFooter>
          )}
        </>
      )}
    </DialogShell>
  );
}
