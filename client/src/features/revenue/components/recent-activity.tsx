import type { TAccountEvent } from "@shared/api/revenue";
import {
  Activity,
  BadgeDollarSign,
  CreditCard,
  Globe,
  type LucideIcon,
  ShieldAlert,
  Tag,
  Trash2,
  UserPlus,
  Wallet,
} from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatRelativeTime } from "@/lib/format";
import { useNow } from "../hooks/use-now";

const KIND_ICONS: Record<string, { icon: LucideIcon; className: string }> = {
  domain_added: { icon: Globe, className: "bg-emerald-50 text-emerald-600" },
  domain_listed: { icon: Tag, className: "bg-purple-50 text-purple-600" },
  domain_sold: { icon: BadgeDollarSign, className: "bg-purple-50 text-purple-600" },
  domain_removed: { icon: Trash2, className: "bg-slate-100 text-slate-500" },
  order_paid: { icon: CreditCard, className: "bg-blue-50 text-blue-600" },
  payout: { icon: Wallet, className: "bg-amber-50 text-amber-600" },
  affiliate_joined: { icon: UserPlus, className: "bg-blue-50 text-blue-600" },
  security_alert: { icon: ShieldAlert, className: "bg-red-50 text-red-600" },
};
const FALLBACK = { icon: Activity, className: "bg-slate-100 text-slate-500" };

/** What happened on the account: domains added, listed and sold, orders paid, payouts (docs/product.md#figures-that-are-real). */
export function RecentActivity({ events }: { events: TAccountEvent[] }) {
  const now = useNow(30_000);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Recent Activity</CardTitle>
        <CardDescription>Changes to your account</CardDescription>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="py-8 text-center font-medium text-slate-700">No recent activity</p>
        ) : (
          <ul className="grid gap-4" aria-label="Account activity">
            {events.map((event) => {
              const { icon: Icon, className } = KIND_ICONS[event.kind] ?? FALLBACK;
              return (
                <li key={event.id} className="flex items-start gap-3">
                  <span
                    className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${className}`}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                  </span>
                  <div className="min-w-0">
                    <p className="text-slate-700 text-sm">{event.description}</p>
                    <p className="text-muted-foreground text-xs">
                      <time dateTime={event.createdAt}>{formatRelativeTime(event.createdAt, now)}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
