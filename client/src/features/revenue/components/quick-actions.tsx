import { type LucideIcon, Plus, ShoppingCart, UserPlus } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useWorkingAsMember } from "@/lib/api/portfolios";

const ACTIONS: {
  label: string;
  hint: string;
  href: string;
  icon: LucideIcon;
  tone: string;
  /** A page of the owner's alone (affiliates): not offered to a teammate. */
  ownerOnly?: true;
}[] = [
  {
    label: "Add New Domain",
    hint: "Park a domain and start earning",
    href: "/domains",
    icon: Plus,
    tone: "bg-emerald-50 text-emerald-600",
  },
  {
    label: "Browse Marketplace",
    hint: "Buy and sell premium domains",
    href: "/marketplace",
    icon: ShoppingCart,
    tone: "bg-purple-50 text-purple-600",
  },
  {
    label: "Invite Affiliate",
    hint: "Earn commission on referrals",
    href: "/affiliates",
    icon: UserPlus,
    tone: "bg-blue-50 text-blue-600",
    ownerOnly: true,
  },
];

/** Shortcuts to the three things an owner does most (a teammate's, to the pages they may open). */
export function QuickActions() {
  const member = useWorkingAsMember();
  const actions = member ? ACTIONS.filter((action) => !action.ownerOnly) : ACTIONS;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Quick Actions</CardTitle>
        <CardDescription>Grow your portfolio</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {actions.map(({ label, hint, href, icon: Icon, tone }) => (
          <Link
            key={label}
            href={href}
            className="flex items-center gap-3 rounded-lg border p-3 transition-colors hover:border-emerald-300 hover:bg-emerald-50/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className={`flex size-9 items-center justify-center rounded-lg ${tone}`}>
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <span className="grid">
              <span className="font-medium text-slate-900 text-sm">{label}</span>
              <span className="text-muted-foreground text-xs">{hint}</span>
            </span>
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}
