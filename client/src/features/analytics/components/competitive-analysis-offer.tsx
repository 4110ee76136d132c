import { COMPETITIVE_ANALYSIS, competitorLines, OFFERS } from "@shared/catalog";
import { Target } from "lucide-react";
import { useId, useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatMoney } from "@/lib/format";

/** Competitive Analysis: a base price plus a price per competitor (one per non-blank line). */
export function CompetitiveAnalysisOffer() {
  const [competitors, setCompetitors] = useState("");
  const fieldId = useId();
  const hintId = useId();
  const count = competitorLines(competitors).length;
  const price = count > 0 ? OFFERS.competitiveAnalysis.price({ competitors, price: "0" }) : null;

  return (
    <OfferCard
      icon={Target}
      tone="bg-purple-50 text-purple-600"
      title="Competitive Analysis"
      blurb="See how competing domains and portfolios monetise, and where you can win."
      fromPrice={COMPETITIVE_ANALYSIS.basePrice}
    >
      <OfferDialog
        offerKey="competitiveAnalysis"
        trigger={
          <Button variant="outline" className="w-full">
            Analyze Competitors
          </Button>
        }
        icon={Target}
        title="Competitive Analysis"
        description={`${formatMoney(COMPETITIVE_ANALYSIS.basePrice)} plus ${formatMoney(COMPETITIVE_ANALYSIS.perCompetitor)} per competitor.`}
        price={price}
        body={price ? { competitors, price } : null}
        buyLabel="Start Analysis"
        onPurchased={() => setCompetitors("")}
      >
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>Competitors</Label>
          <Textarea
            id={fieldId}
            value={competitors}
            onChange={(event) => setCompetitors(event.target.value)}
            placeholder={"competitor-one.com\ncompetitor-two.com"}
            rows={5}
            aria-describedby={hintId}
          />
          <p id={hintId} className="text-muted-foreground text-xs">
            One domain or company per line.{" "}
            {count > 0 &&
              `${count} competitor${count === 1 ? "" : "s"}: ${formatMoney(COMPETITIVE_ANALYSIS.basePrice)} + ${count} × ${formatMoney(COMPETITIVE_ANALYSIS.perCompetitor)}`}
          </p>
        </div>
      </OfferDialog>
    </OfferCard>
  );
}
