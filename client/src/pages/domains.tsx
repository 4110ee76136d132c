import { PageHeader } from "@/components/page-header";
import { AddDomainDialog } from "@/features/domains/components/add-domain-dialog";
import { DomainGrid } from "@/features/domains/components/domain-grid";
import { ImportDomainsDialog } from "@/features/domains/components/import-domains-dialog";
import { ParkingReportDialog } from "@/features/domains/components/parking-report-dialog";
import { PremiumServicesPanel } from "@/features/domains/components/premium-services-panel";

export default function DomainsPage() {
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
      <DomainGrid />
      <PremiumServicesPanel />
    </>
  );
}
