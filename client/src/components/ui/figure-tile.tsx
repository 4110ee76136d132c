import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** One labelled figure in a grid of facts (a child of `<dl>`): the label small, the value bold. */
export function FigureTile(props: {
  label: string;
  children: ReactNode;
  labelClassName?: string;
  className?: string;
}) {
  return (
    <div className="rounded-lg border bg-slate-50/60 p-3">
      <dt className={cn("text-muted-foreground text-xs", props.labelClassName)}>{props.label}</dt>
      <dd className={cn("mt-1 font-semibold text-slate-900 tabular-nums", props.className)}>
        {props.children}
      </dd>
    </div>
  );
}
