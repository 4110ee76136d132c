import { DEFAULT_AFFILIATE_LEVEL, levelCommissionPercent } from "@shared/api/affiliates";
import { AFFILIATE_LEVELS, AFFILIATE_TIERS } from "@shared/catalog";
import { Scale } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const tiers = AFFILIATE_TIERS.map((t) => `${t.label} ${t.commissionPercent}%`).join(", ");
const levels = AFFILIATE_LEVELS.map((l) => `level ${l.level} ${l.commissionPercent}%`).join(", ");

/**
 * How the rate an affiliate earns the user is decided, said once on the page: every other place
 * (the invitation, the tier offer, the list) shows a rate and leaves the rule to this card.
 */
export function ProgrammeEconomics() {
  return (
    <Card role="region" aria-labelledby="economics-title" data-testid="programme-economics">
      <CardHeader className="pb-2">
        <CardTitle id="economics-title" className="flex items-center gap-2 text-base">
          <Scale aria-hidden="true" className="size-4 text-emerald-600" />
          How you earn
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-slate-600 text-sm">
        <p>
          When someone you referred pays for a service, you earn a share of the price. Your rate on each
          referral is the higher of two: the rate of the level you invited them at ({levels}; a sign-up
          through your link is level {DEFAULT_AFFILIATE_LEVEL},{" "}
          {levelCommissionPercent(DEFAULT_AFFILIATE_LEVEL)}
          %); and the best Tier Upgrade you paid for ({tiers}), which raises the rate on all your referrals,
          past and future.
        </p>
        <p>
          A referral counts once they have joined; an invitation nobody has accepted yet is listed apart, as
          pending. Commission is held for a while before it reaches your balance, and taken back if the
          purchase is refunded.
        </p>
      </CardContent>
    </Card>
  );
}
