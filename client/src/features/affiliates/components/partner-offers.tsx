import { referralLinkPath } from "@shared/api/affiliates";
import { AFFILIATE_LEVELS, AFFILIATE_TIERS } from "@shared/catalog";
import { Copy, Handshake, type LucideIcon, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { absoluteUrl, copyLink } from "../utils/copy-link";

/** The programme's real range: the lowest level's rate to the best tier's (How you earn). */
const RATES = `${AFFILIATE_LEVELS[0].commissionPercent}–${AFFILIATE_TIERS.at(-1)?.commissionPercent}%`;

/**
 * Two ways to use the one referral programme: each card says what it pays, which is the same
 * rate as every referral (the How you earn card), never a separate promise.
 */
const PARTNER_OFFERS: { title: string; commission: string; blurb: string; icon: LucideIcon; tone: string }[] =
  [
    {
      title: "Domain Broker Network",
      commission: `${RATES} of what they pay us`,
      blurb:
        "Refer domain sellers: you earn your referral rate on what they pay ParkPilot, broker setup fees included. The sale price of a name they sell is the seller's and earns no commission.",
      icon: Handshake,
      tone: "bg-blue-50 text-blue-600",
    },
    {
      title: "Premium Tools",
      commission: `${RATES} of every payment`,
      blurb:
        "Recommend ParkPilot's paid tools: you earn your referral rate on each payment they make, every monthly renewal included, for as long as they stay subscribed.",
      icon: Sparkles,
      tone: "bg-purple-50 text-purple-600",
    },
  ];

/** Two ways to promote ParkPilot; both share the user's referral link and pay its rate. */
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
                <p className="text-muted-foreground text-sm">
                  {offer.blurb} Your rate is set as{" "}
                  <a href="#economics-title" className="font-medium text-emerald-700 underline">
                    How you earn
                  </a>{" "}
                  says; the link below is your ordinary referral link.
                </p>
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
