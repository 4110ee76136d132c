import { DEFAULT_REPORT_TYPE, optionById, REPORT_TYPES } from "@shared/catalog";
import { FileBarChart } from "lucide-react";
import { useState } from "react";
import { OfferCard } from "@/components/offer/offer-card";
import { OfferDialog } from "@/components/offer/offer-dialog";
import { OptionGrid } from "@/components/offer/option-grid";
import { Button } from "@/components/ui/button";

type ReportId = (typeof REPORT_TYPES)[number]["id"];

const REPORT_DETAILS: Record<ReportId, string> = {
  basic: "Monthly revenue and traffic summary",
  comprehensive: "Per-domain revenue, traffic and conversion deep dive",
  enterprise: "Portfolio valuation, trends and network comparisons",
  custom: "Built to your brief by our analysts",
};

/** Custom Reports: one report of the chosen type. */
export function CustomReportsOffer() {
  const [reportId, setReportId] = useState<ReportId>(DEFAULT_REPORT_TYPE);
  const report = optionById(REPORT_TYPES, reportId);

  return (
    <OfferCard
      icon={FileBarChart}
      tone="bg-blue-50 text-blue-600"
      title="Custom Reports"
      blurb="Detailed, presentation-ready reports on revenue, traffic and conversion per domain."
      fromPrice={REPORT_TYPES[0].price}
    >
      <OfferDialog
        offerKey="customReports"
        trigger={
          <Button variant="outline" className="w-full">
            Choose Report
          </Button>
        }
        icon={FileBarChart}
        title="Custom Reports"
        description="Choose the depth of your report. It is prepared once the payment is complete."
        price={report.price}
        body={{ reportType: report.id, price: report.price }}
        buyLabel="Order Report"
        onPurchased={() => setReportId(DEFAULT_REPORT_TYPE)}
      >
        <OptionGrid
          name="report-type"
          legend="Report type"
          options={REPORT_TYPES.map((r) => ({ ...r, detail: REPORT_DETAILS[r.id] }))}
          chosen={[reportId]}
          onToggle={setReportId}
        />
      </OfferDialog>
    </OfferCard>
  );
}
