import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";

export type IconTone = "slate" | "red" | "purple";

const TONES: Record<IconTone, string> = {
  slate: "bg-slate-100 text-slate-600",
  red: "bg-red-50 text-red-600",
  purple: "bg-purple-50 text-purple-600",
};

/**
 * The header of a settings card: an icon in a tinted square, a title whose id names the card's
 * region, an optional badge beside the title, and a description.
 */
export function IconCardHeader(props: {
  icon: LucideIcon;
  titleId: string;
  title: string;
  description: ReactNode;
  badge?: ReactNode;
  tone?: IconTone;
  className?: string;
}) {
  const Icon = props.icon;
  return (
    <CardHeader className={cn("flex-row items-start gap-3 space-y-0 pb-2", props.className)}>
      <span
        className={cn(
          "flex size-9 shrink-0 items-center justify-center rounded-lg",
          TONES[props.tone ?? "slate"],
        )}
      >
        <Icon aria-hidden="true" className="size-[18px]" />
      </span>
      <div className="grid flex-1 gap-1">
        <CardTitle id={props.titleId} className="flex items-center gap-2 text-base">
          {props.title}
          {props.badge}
        </CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </div>
    </CardHeader>
  );
}
