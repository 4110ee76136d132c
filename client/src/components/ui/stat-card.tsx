import {
  Calendar,
  DollarSign,
  Globe,
  type LucideIcon,
  Minus,
  TrendingDown,
  TrendingUp,
  Users,
} from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { formatMoney, formatNumber } from "@/lib/format";

export type StatChangeType = "positive" | "negative" | "neutral";
export type StatIcon = "dollar-sign" | "calendar" | "globe" | "users";
export type StatColor = "emerald" | "blue" | "amber" | "purple";

export interface StatCardProps {
  title: string;
  /** A dollar-sign card shows it as money ("$1,234.50"); other cards as a count or as given. */
  value: string | number;
  change?: string;
  changeType?: StatChangeType;
  icon: StatIcon;
  color: StatColor;
}

const ICONS: Record<StatIcon, LucideIcon> = {
  "dollar-sign": DollarSign,
  calendar: Calendar,
  globe: Globe,
  users: Users,
};

const COLORS: Record<StatColor, string> = {
  emerald: "bg-emerald-50 text-emerald-600 ring-emerald-100",
  blue: "bg-blue-50 text-blue-600 ring-blue-100",
  amber: "bg-amber-50 text-amber-600 ring-amber-100",
  purple: "bg-purple-50 text-purple-600 ring-purple-100",
};

const CHANGE_STYLES: Record<StatChangeType, { className: string; icon: LucideIcon }> = {
  positive: { className: "text-emerald-700", icon: TrendingUp },
  negative: { className: "text-red-700", icon: TrendingDown },
  neutral: { className: "text-slate-600", icon: Minus },
};

/** docs/product.md#screens: a non-neutral change reads "vs yesterday" on a Today card, "vs last month" on a Monthly one. */
export function changeText(title: string, change: string, changeType: StatChangeType): string {
  if (changeType === "neutral") return change;
  if (title.includes("Today")) return `${change} vs yesterday`;
  if (title.includes("Monthly")) return `${change} vs last month`;
  return change;
}

export function formatStatValue(value: string | number, icon: StatIcon): string {
  if (icon === "dollar-sign") return formatMoney(value);
  return typeof value === "number" ? formatNumber(value) : value;
}

/** The one metric card of the product: a title, a figure, how it changed, an icon in a colour. */
export function StatCard({ title, value, change, changeType = "neutral", icon, color }: StatCardProps) {
  const Icon = ICONS[icon];
  const { className: changeClass, icon: ChangeIcon } = CHANGE_STYLES[changeType];
  const shown = formatStatValue(value, icon);
  return (
    <Card role="group" aria-label={title} className="transition-shadow hover:shadow-md">
      <CardContent className="flex items-start justify-between gap-4 p-6">
        <div className="min-w-0">
          <p className="font-medium text-muted-foreground text-sm">{title}</p>
          <p
            className="mt-2 truncate font-bold text-2xl text-slate-900 tabular-nums tracking-tight"
            title={shown}
          >
            {shown}
          </p>
          {change && (
            <p className={cn("mt-2 flex items-center gap-1 font-medium text-xs", changeClass)}>
              <ChangeIcon aria-hidden="true" className="size-3.5 shrink-0" />
              <span>{changeText(title, change, changeType)}</span>
            </p>
          )}
        </div>
        <span
          className={cn("flex size-11 shrink-0 items-center justify-center rounded-xl ring-1", COLORS[color])}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </CardContent>
    </Card>
  );
}
