import { UserPlus } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { AffiliateList } from "@/features/affiliates/components/affiliate-list";
import { AffiliateStats } from "@/features/affiliates/components/affiliate-stats";
import { AffiliateTools } from "@/features/affiliates/components/affiliate-tools";
import { CampaignList } from "@/features/affiliates/components/campaign-list";
import { InviteAffiliateDialog } from "@/features/affiliates/components/invite-affiliate-dialog";
import { PartnerOffers } from "@/features/affiliates/components/partner-offers";
import { ProgrammeEconomics } from "@/features/affiliates/components/programme-economics";
import { ReferralLinkCard } from "@/features/affiliates/components/referral-link-card";
import { RevenueAccelerators } from "@/features/affiliates/components/revenue-accelerators";
import { useSession } from "@/features/auth/api/get-session";

export default function AffiliatesPage() {
  const { user } = useSession();
  const [inviting, setInviting] = useState(false);
  const openInvite = () => setInviting(true);

  return (
    <div className="grid gap-8">
      <PageHeader
        className="mb-0"
        title="Affiliate Program"
        description="Invite partners, earn commission on everything they buy, and grow your network."
        actions={
          <Button onClick={openInvite}>
            <UserPlus aria-hidden="true" />
            Invite Affiliate
          </Button>
        }
      />
      <InviteAffiliateDialog open={inviting} onOpenChange={setInviting} />
      <AffiliateStats />
      <ProgrammeEconomics />
      <ReferralLinkCard referralCode={user?.referralCode} />
      <AffiliateTools />
      <CampaignList />
      <AffiliateList onInvite={openInvite} />
      {/* Offers come after the user's own figures and affiliates. */}
      <RevenueAccelerators />
      <PartnerOffers referralCode={user?.referralCode} />
    </div>
  );
}
