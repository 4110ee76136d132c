import { CAMPAIGN_RULES, type TCampaign } from "@shared/api/affiliates";
import { formatUsd } from "@shared/money";
import { Megaphone } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useCampaigns } from "../api/get-campaigns";

const STATUS: Record<
  TCampaign["status"],
  { label: string; variant: "info" | "success" | "warning" | "neutral" }
> = {
  active: { label: "Running", variant: "info" },
  reached: { label: "Goal reached", variant: "success" },
  missed: { label: "Goal missed", variant: "warning" },
  cancelled: { label: "Cancelled", variant: "neutral" },
};

const OUTCOME: Record<TCampaign["status"], string> = {
  active: "",
  reached: "Bonus shared among your recruiting affiliates.",
  missed: "Bonus returned to your balance.",
  cancelled: "The order was refunded.",
};

function CampaignRow({ campaign }: { campaign: TCampaign }) {
  const status = STATUS[campaign.status];
  const percent = Math.min(100, Math.round((campaign.recruits / campaign.goal) * 100));
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="campaign">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium">
          {campaign.recruits} of {campaign.goal} recruits · {formatUsd(campaign.bonus)} bonus
          {campaign.test && " (test)"}
        </span>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={campaign.goal}
        aria-valuenow={campaign.recruits}
        aria-label="Recruits"
      >
        <div className="h-full bg-emerald-500" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-muted-foreground text-xs">
        {campaign.startsAt.slice(0, 10)} to {campaign.endsAt.slice(0, 10)}
        {campaign.status === "active"
          ? ` · ${campaign.daysLeft} days left`
          : ` · ${OUTCOME[campaign.status]}`}
      </p>
    </li>
  );
}

/** The user's recruitment campaigns and the rules they run by (shown only once there is one). */
export function CampaignList() {
  const campaigns = useCampaigns();
  if (!campaigns.data?.length) return null;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Megaphone aria-hidden="true" className="size-4 text-amber-600" />
          Recruitment Campaigns
        </CardTitle>
        <CardDescription>
          {CAMPAIGN_RULES.recruit} {CAMPAIGN_RULES.reached} {CAMPAIGN_RULES.missed}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {campaigns.data.map((c) => (
            <CampaignRow key={c.id} campaign={c} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
