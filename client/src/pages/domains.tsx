import type { TDomain } from "@shared/api/domains";
import { pageBuilderPath } from "@shared/api/parked-pages";
import { LayoutGrid, LayoutTemplate, Scale } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useSearchParams } from "wouter";
import { DomainStatusLegend } from "@/components/domain-status-badge";
import { PageHeader } from "@/components/page-header";
import { PlanUsageSummary } from "@/components/plans/plan-usage-summary";
import { buttonVariants } from "@/components/ui/button";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import { ParkInOneStep } from "@/features/connections/components/park-in-one-step";
import { AddDomainDialog } from "@/features/domains/components/add-domain-dialog";
import { DomainGrid } from "@/features/domains/components/domain-grid";
import { ImportDomainsDialog } from "@/features/domains/components/import-domains-dialog";
import { ParkingReportDialog } from "@/features/domains/components/parking-report-dialog";
import { PremiumServicesPanel } from "@/features/domains/components/premium-services-panel";
import { LeadSalesCard } from "@/features/lead-sales/components/lead-sales-card";

// The P&L is loaded when first shown, so that the card grid stays as light as it was.
const PortfolioPnlView = lazy(() =>
  import("@/features/pnl/components/portfolio-pnl-view").then((m) => ({ default: m.PortfolioPnlView })),
);
const DomainPnlSection = lazy(() =>
  import("@/features/pnl/components/domain-pnl-section").then((m) => ({ default: m.DomainPnlSection })),
);

const VIEWS = [
  { value: "cards", label: "Domains", icon: LayoutGrid },
  { value: "pnl", label: "Profit & Loss", icon: Scale },
] as const;

const pnlSection = (domain: TDomain) => (
  <>
    <ParkInOneStep domain={domain} />
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-md border p-3 text-sm">
      <span>The page visitors of {domain.name} see: template, blocks and split tests.</span>
      <Link href={pageBuilderPath(domain.id)} className={buttonVariants({ variant: "outline", size: "sm" })}>
        <LayoutTemplate aria-hidden="true" /> Edit parked page
      </Link>
    </div>
    <Suspense fallback={<Skeleton className="h-64 w-full" />}>
      <DomainPnlSection domainId={domain.id} />
    </Suspense>
  </>
);

export default function DomainsPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get("view") === "pnl" ? "pnl" : "cards";
  return (
    <>
      <PageHeader
        title="Domain Portfolio"
        description="Your parked domains and what they earn."
        actions={
          <>
            <ParkingReportDialog />
            <ImportDomainsDialog />
            <AddDomainDialog />
          </>
        }
      />
      <SegmentedControl
        label="Portfolio view"
        className="mb-6"
        options={VIEWS}
        value={view}
        onChange={(next) => setParams(next === "pnl" ? { view: "pnl" } : {})}
      />
      {view === "pnl" ? (
        <div className="grid gap-6">
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <PortfolioPnlView />
          </Suspense>
          <LeadSalesCard />
        </div>
      ) : (
        <>
          <PlanUsageSummary />
          <DomainStatusLegend className="mb-4" />
          <DomainGrid manageSections={pnlSection} />
          <PremiumServicesPanel />
        </>
      )}
    </>
  );
}
