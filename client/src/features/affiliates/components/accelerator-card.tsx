import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/** One Revenue Accelerator: what it is, what it does for you, and its dialog's trigger. */
export function AcceleratorCard(props: {
  icon: LucideIcon;
  tone: string;
  title: string;
  blurb: string;
  highlight: string;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <Card className="flex flex-col transition-shadow hover:shadow-md">
      <CardContent className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center gap-3">
          <span className={cn("flex size-10 items-center justify-center rounded-lg", props.tone)}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="font-semibold text-slate-900">{props.title}</h3>
        </div>
        <p className="flex-1 text-muted-foreground text-sm">{props.blurb}</p>
        <p className="font-semibold text-emerald-700 text-xs uppercase tracking-wide">{props.highlight}</p>
        {props.children}
      </CardContent>
    </Card>
  );
}
