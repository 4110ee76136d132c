import {
  BROKER_TIERS,
  DEFAULT_SALE_TIMELINE,
  lowestPrice,
  optionById,
  SALE_TIMELINES,
} from "@shared/catalog";
import { Handshake } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";

type TierId = (typeof BROKER_TIERS)[number]["id"];
type TimelineId = (typeof SALE_TIMELINES)[number]["id"];
const DEFAULT_TIER: TierId = "standard";

/** Broker service: a setup fee now, a success fee when the selected domain sells. */
export function BrokerOffer({ domainId }: { domainId: string }) {
  const [tier, setTier] = useState<TierId>(DEFAULT_TIER);
  const [timeline, setTimeline] = useState<TimelineId>(DEFAULT_SALE_TIMELINE);
  const [expectedPrice, setExpectedPrice] = useState("");
  const [notes, setNotes] = useState("");
  const option = optionById(BROKER_TIERS, tier);
  const reset = () => {
    setTier(DEFAULT_TIER);
    setTimeline(DEFAULT_SALE_TIMELINE);
    setExpectedPrice("");
    setNotes("");
  };
  return (
    <OfferCard
      icon={Handshake}
      tone="bg-purple-50 text-purple-600"
      title="Broker Service"
      blurb="Our brokers market the domain to qualified buyers and negotiate the sale."
      fromPrice={lowestPrice(BROKER_TIERS)}
      priceSuffix=" setup"
    >
      <OfferDialog
        offerKey="broker"
        trigger={
          <Button variant="outline" className="w-full" disabled={!domainId}>
            Hire a Broker
          </Button>
        }
        icon={Handshake}
        title="Broker Service"
        description="Pick a tier; the setup fee is due now and the success fee only when the domain sells."
        price={option.price}
        priceSuffix=" setup"
        body={
          domainId
            ? {
                serviceType: tier,
                price: option.price,
                domainId,
                expectedPrice: expectedPrice.trim(),
                timeline,
                notes,
              }
            : null
        }
        buyLabel="Activate Broker Service"
        onPurchased={reset}
      >
        <OptionGrid
          name="broker-tier"
          legend="Tier"
          options={BROKER_TIERS.map((o) => ({ ...o, detail: `${o.successFeePercent}% success fee` }))}
          chosen={[tier]}
          onToggle={setTier}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor="broker-expected">Expected price ($)</Label>
            <Input
              id="broker-expected"
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              placeholder="25000"
              value={expectedPrice}
              onChange={(e) => setExpectedPrice(e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="broker-timeline">Sale timeline</Label>
            <Select
              id="broker-timeline"
              value={timeline}
              options={SALE_TIMELINES.map((o) => ({ value: o.id, label: o.label }))}
              onValueChange={(v) => setTimeline(optionById(SALE_TIMELINES, v).id)}
            />
          </div>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="broker-notes">Notes for the broker</Label>
          <Textarea
            id="broker-notes"
            rows={3}
            maxLength={2000}
            placeholder="Anything buyers should know about the domain"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
      </OfferDialog>
    </OfferCard>
  );
}
