import { marketplacePaths, type TMarketplaceListing } from "@shared/api/marketplace/listings";
import { pathTo } from "@shared/path-to";
import { useId } from "react";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Switch } from "@/components/ui/switch";
import { useRouteBlock } from "@/lib/can-purchase";
import { formatNumber } from "@/lib/format";
import { toastError } from "@/lib/toast";
import { useSetLander } from "../api/set-lander";

/**
 * The owner's own listing on its parked page (the name's for-sale lander): shown or not, and the
 * views, offers and sales it brought.
 */
export function LanderFigures({
  listing,
  lander,
}: {
  listing: TMarketplaceListing;
  lander: NonNullable<TMarketplaceListing["lander"]>;
}) {
  const set = useSetLander();
  const label = useId();
  const block = useRouteBlock("PUT", pathTo(marketplacePaths.lander, { domainId: listing.id }));
  const figures = [
    ["Views", lander.views],
    ["Offers", lander.offers],
    ["Sales", lander.sales],
  ] as const;
  return (
    <section className="grid gap-2 rounded-lg border border-slate-200 p-3" aria-labelledby={label}>
      <div className="flex items-center justify-between gap-3">
        <h4 id={label} className="font-medium text-sm">
          Price on the parked page
        </h4>
        <Switch
          aria-labelledby={label}
          checked={lander.shown}
          disabled={set.isPending}
          onCheckedChange={(shown) =>
            set.mutate({ domainId: listing.id, shown }, { onError: (e) => toastError(e) })
          }
          {...block?.button}
        />
      </div>
      <PurchaseBlockedNote block={block} />
      <dl
        className="grid grid-cols-3 gap-2 text-center"
        aria-label={`What ${listing.name}'s parked page brought`}
      >
        {figures.map(([name, value]) => (
          <div key={name} className="flex flex-col-reverse">
            <dt className="text-muted-foreground text-xs">{name}</dt>
            <dd className="font-semibold tabular-nums">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
