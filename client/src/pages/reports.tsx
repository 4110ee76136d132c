import { useRoute } from "wouter";
import { PageHeader } from "@/components/page-header";
import { ReportView } from "@/features/reports/components/report-view";
import { ReportsList } from "@/features/reports/components/reports-list";

export default function ReportsPage() {
  const [, params] = useRoute<{ id: string }>("/reports/:id");
  if (params?.id) return <ReportView id={params.id} />;
  return (
    <div>
      <PageHeader
        title="Reports"
        description="Appraisals and analytics reports you ordered, ready to read and download."
      />
      <ReportsList />
    </div>
  );
}
