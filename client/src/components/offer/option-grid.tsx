import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { formatMoney } from "@/lib/format";

export interface GridOption<Id extends string = string> {
  id: Id;
  label: string;
  price: string;
  detail?: ReactNode;
}

const cardClass =
  "relative flex cursor-pointer items-center justify-between gap-3 rounded-lg border bg-card p-3 text-left transition-colors hover:border-emerald-300 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:checked]:border-emerald-500 has-[:checked]:bg-emerald-50/60";

/** Priced options as selectable cards: one choice (radios) or several (`multiple`, checkboxes). */
export function OptionGrid<Id extends string>(props: {
  name: string;
  legend: string;
  options: readonly GridOption<Id>[];
  chosen: readonly Id[];
  onToggle: (id: Id) => void;
  multiple?: boolean;
  /** Shown after each price, e.g. "/mo"; a leading "+" marks add-ons. */
  priceSuffix?: string;
  pricePrefix?: string;
  columns?: 1 | 2;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-foreground text-sm">{props.legend}</legend>
      <div className={cn("grid gap-2", props.columns === 2 && "sm:grid-cols-2")}>
        {props.options.map((option) => {
          const chosen = props.chosen.includes(option.id);
          return (
            <label key={option.id} className={cardClass}>
              <input
                type={props.multiple ? "checkbox" : "radio"}
                name={props.name}
                value={option.id}
                checked={chosen}
                onChange={() => props.onToggle(option.id)}
                className="sr-only"
              />
              <span className="min-w-0">
                <span className="block font-medium text-slate-900 text-sm">{option.label}</span>
                {option.detail && (
                  <span className="mt-0.5 block text-muted-foreground text-xs">{option.detail}</span>
                )}
              </span>
              <span className="flex shrink-0 items-center gap-2">
                <span className="font-semibold text-slate-900 text-sm tabular-nums">
                  {props.pricePrefix}
                  {formatMoney(option.price)}
                  {props.priceSuffix && (
                    <span className="font-normal text-muted-foreground text-xs">{props.priceSuffix}</span>
                  )}
                </span>
                <span
                  aria-hidden="true"
                  className={cn(
                    "flex size-5 items-center justify-center border",
                    props.multiple ? "rounded" : "rounded-full",
                    chosen ? "border-emerald-500 bg-emerald-500 text-white" : "border-slate-300",
                  )}
                >
                  {chosen && <Check className="size-3" />}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
