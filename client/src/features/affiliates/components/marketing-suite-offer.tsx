import { MARKETING_TOOLS, optionById } from "@shared/catalog";
import { sumDecimals } from "@shared/money";
import { Megaphone } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

type ToolId = (typeof MARKETING_TOOLS)[number]["id"];

/** Marketing Suite: any set of monthly tools; the total is the sum of the chosen. */
export function MarketingSuiteOffer() {
  const [tools, setTools] = useState<ToolId[]>([]);
  const total = tools.length ? sumDecimals(tools.map((id) => optionById(MARKETING_TOOLS, id).price)) : null;

  const toggle = (id: ToolId) =>
    setTools((current) => (current.includes(id) ? current.filter((t) => t !== id) : [...current, id]));

  return (
    <OfferCard
      icon={Megaphone}
      tone="bg-emerald-50 text-emerald-600"
      title="Marketing Suite"
      blurb="Landing pages, email automation, scheduling and testing tools built for affiliates."
      highlight="Pick only what you need"
    >
      <OfferDialog
        offerKey="marketingTools"
        trigger={
          <Button variant="outline" className="w-full">
            Choose Tools
          </Button>
        }
        icon={Megaphone}
        title="Marketing Suite"
        description="Select at least one tool. Each is billed monthly."
        price={total}
        body={total ? { tools, totalPrice: total } : null}
        buyLabel="Activate Tools"
        onPurchased={() => setTools([])}
      >
        <OptionGrid
          name="marketing-tools"
          legend="Tools"
          options={MARKETING_TOOLS}
          chosen={tools}
          onToggle={toggle}
          multiple
          priceSuffix="/mo"
        />
      </OfferDialog>
    </OfferCard>
  );
}
