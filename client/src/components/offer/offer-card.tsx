import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { formatMoney } from "@/lib/format";

/** What a card leads with: its starting price, or a one-line claim where the price says little. */
type OfferCardHeadline =
  | {
      /** The lowest price in the catalogue, shown as "From $X". */
      fromPrice: string;
      priceSuffix?: string;
    }
  | { highlight: string }
  /** Every option with its price, where the options differ in kind rather than in size. */
  | { priceList: readonly { id: string; label: string; price: string }[] };

/** One purchasable offer on a page: what it is, its starting price or claim, and its dialog's trigger. */
export function OfferCard(
  props: {
    icon: LucideIcon;
    /** Tailwind classes of the icon's tile, e.g. "bg-blue-50 text-blue-600". */
    tone: string;
    title: string;
    blurb: string;
    children: ReactNode;
  } & OfferCardHeadline,
) {
  const Icon = props.icon;
  return (
    <Card className="flex flex-col transition-shadow hover:shadow-md">
      <CardContent className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center gap-3">
          <span className={cn("flex size-10 shrink-0 items-center justify-center rounded-lg", props.tone)}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="font-semibold text-slate-900 leading-tight">{props.title}</h3>
        </div>
        <p className="flex-1 text-muted-foreground text-sm">{props.blurb}</p>
        {"priceList" in props ? (
          <ul className="grid gap-1 text-sm" aria-label={`${props.title} prices`}>
            {props.priceList.map((option) => (
              <li key={option.id} className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 text-slate-600">{option.label}</span>
                <span className="font-semibold text-slate-900 tabular-nums">{formatMoney(option.price)}</span>
              </li>
            ))}
          </ul>
        ) : "highlight" in props ? (
          <p className="font-semibold text-emerald-700 text-xs uppercase tracking-wide">{props.highlight}</p>
        ) : (
          <p className="text-slate-500 text-xs">
            From{" "}
            <span className="font-semibold text-base text-slate-900 tabular-nums">
              {formatMoney(props.fromPrice)}
            </span>
            {props.priceSuffix}
          </p>
        )}
        {props.children}
      </CardContent>
    </Card>
  );
}
