import { referralLinkPath } from "@shared/api/referral-links";
import { Copy, Handshake, type LucideIcon, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { absoluteUrl, copyLink } from "../utils/copy-link";

const PARTNER_OFFERS: { title: string; commission: string; blurb: string; icon: LucideIcon; tone: string }[] =
  [
    {
      title: "Domain Broker Network",
      commission: "20% commission",
      blurb: "Refer domain sellers to our broker network and earn on every brokered sale.",
      icon: Handshake,
      tone: "bg-blue-50 text-blue-600",
    },
    {
      title: "Premium Tools",
      commission: "50% recurring commission",
      blurb: "Recommend ParkPilot's premium tools and earn every month your referrals stay subscribed.",
      icon: Sparkles,
      tone: "bg-purple-50 text-purple-600",
    },
  ];

/** The two partner programmes; promoting either means sharing the user's referral link. */
export function PartnerOffers({ referralCode }: { referralCode: string | undefined }) {
  return (
    <section aria-labelledby="partner-offers-heading" className="grid gap-4">
      <h2 id="partner-offers-heading" className="font-semibold text-lg text-slate-900">
        Partner Programs
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {PARTNER_OFFERS.map((offer) => (
          <Card key={offer.title}>
            <CardContent className="flex items-start gap-4 p-5">
              <span
                className={cn("flex size-11 shrink-0 items-center justify-center rounded-xl", offer.tone)}
              >
                <offer.icon aria-hidden="true" className="size-5" />
              </span>
              <div className="grid flex-1 gap-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{offer.title}</h3>
                  <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 font-semibold text-emerald-700 text-xs">
                    {offer.commission}
                  </span>
                </div>
                <p className="text-muted-foreground text-sm">{offer.blurb}</p>
                <Button
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  disabled={!referralCode}
                  onClick={() =>
                    referralCode && copyLink(absoluteUrl(referralLinkPath(referralCode)), "referral link")
                  }
                >
                  <Copy aria-hidden="true" />
                  Copy Promotion Link
                </Button>
              </div>
            </CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}
