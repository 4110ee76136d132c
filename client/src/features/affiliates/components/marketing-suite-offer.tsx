import { MARKETING_TOOLS, optionById } from "@shared/catalog";
import { sumDecimals } from "@shared/money";
import { Megaphone } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { AcceleratorCard } from "./accelerator-card";
import { OfferDialog } from "./offer-dialog";
import { OptionGrid } from "./option-grid";

type ToolId = (typeof MARKETING_TOOLS)[number]["id"];

/** Marketing Suite: any set of monthly tools; the total is the sum of the chosen. */
export function MarketingSuiteOffer() {
  const [tools, setTools] = useState<ToolId[]>([]);
  const total = tools.length ? sumDecimals(tools.map((id) => optionById(MARKETING_TOOLS, id).price)) : null;

  const toggle = (id: ToolId) =>
    setTools((current) => (current.includes(id) ? current.filter((t) => t !== id) : [...current, id]));

  return (
    <AcceleratorCard
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
    </AcceleratorCard>
  );
}
