import { BarChart3, CalendarClock, GraduationCap, Image, Mail } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const TOOLS = [
  {
    href: "/affiliates/courses",
    icon: GraduationCap,
    title: "Training Courses",
    text: "Read the lessons of the courses you bought; a certificate for each one you finish.",
  },
  {
    href: "/affiliates/creatives",
    icon: Image,
    title: "Creative Assets",
    text: "Banners in the standard ad sizes and a QR code with your link (Marketing Suite).",
  },
  {
    href: "/affiliates/links",
    icon: BarChart3,
    title: "Link Analytics",
    text: "Clicks on your referral link by day, source and campaign (Analytics Pro).",
  },
  {
    href: "/affiliates/social",
    icon: CalendarClock,
    title: "Social Scheduler",
    text: "Posts per network, published at their time to your public feed and webhook (Marketing Suite).",
  },
  {
    href: "/affiliates/email",
    icon: Mail,
    title: "Email Automation",
    text: "Sequences to your recruits by day, with merge fields and one-click unsubscribe (Marketing Suite).",
  },
] as const;

/** Where the affiliate tools the user can buy are used. */
export function AffiliateTools() {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Your Affiliate Tools</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {TOOLS.map((tool) => (
          <Link
            key={tool.href}
            href={tool.href}
            className="grid gap-1 rounded-lg border p-3 hover:bg-slate-50"
          >
            <span className="flex items-center gap-2 font-medium text-sm">
              <tool.icon aria-hidden="true" className="size-4 text-emerald-600" />
              {tool.title}
            </span>
            <span className="text-muted-foreground text-xs">{tool.text}</span>
          </Link>
        ))}
      </CardContent>
    </Card>
  );
}
