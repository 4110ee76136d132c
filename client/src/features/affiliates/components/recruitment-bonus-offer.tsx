import { optionById, RECRUITMENT_GOALS } from "@shared/catalog";
import { Gift } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

const DEFAULT_GOAL = RECRUITMENT_GOALS[0].id;
const GOAL_OPTIONS = RECRUITMENT_GOALS.map((g) => ({
  id: g.id,
  label: `Recruit ${g.recruits} affiliates`,
  price: g.price,
  detail: `Bonus paid out over a ${g.durationDays}-day campaign`,
}));

/** Recruitment Bonuses: fund a bonus campaign for reaching a number of new recruits. */
export function RecruitmentBonusOffer() {
  const [goalId, setGoalId] = useState<(typeof RECRUITMENT_GOALS)[number]["id"]>(DEFAULT_GOAL);
  const goal = optionById(RECRUITMENT_GOALS, goalId);

  return (
    <OfferCard
      icon={Gift}
      tone="bg-amber-50 text-amber-600"
      title="Recruitment Bonuses"
      blurb="Reward your network for bringing in new affiliates with a funded bonus campaign."
      highlight="Up to +400% more recruits"
    >
      <OfferDialog
        offerKey="recruitmentIncentive"
        trigger={
          <Button variant="outline" className="w-full">
            Launch Campaign
          </Button>
        }
        icon={Gift}
        title="Recruitment Bonuses"
        description="Choose a recruitment goal. The bonus pool is paid to the affiliates who reach it."
        price={goal.price}
        body={{ goal: goal.id, bonusAmount: goal.price, duration: goal.durationDays }}
        buyLabel="Activate Incentive"
        onPurchased={() => setGoalId(DEFAULT_GOAL)}
      >
        <OptionGrid
          name="recruitment-goal"
          legend="Recruitment goal"
          options={GOAL_OPTIONS}
          chosen={[goalId]}
          onToggle={setGoalId}
        />
      </OfferDialog>
    </OfferCard>
  );
}
