import { FileText } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/format";
import { useReports } from "../api/get-reports";
import { ReportStatusBadge } from "./report-status-badge";

const KIND_LABELS: Record<string, string> = {
  appraisal: "Appraisal",
  custom: "Custom report",
  forecast: "Revenue forecast",
  competitive: "Competitive analysis",
};

/** Every report of the user's, newest first, each opening its page. */
export function ReportsList() {
  const { data, isPending, isError } = useReports();
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (isError) return <p className="text-destructive">Your reports could not be loaded. Please try again.</p>;
  if (data.length === 0)
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-2 py-12 text-center text-muted-foreground">
          <FileText className="size-8" aria-hidden />
          <p>No reports yet. An appraisal or an analytics report you order appears here when it is ready.</p>
        </CardContent>
      </Card>
    );
  return (
    <Card>
      <Table aria-label="Reports">
        <TableHeader>
          <TableRow>
            <TableHead>Report</TableHead>
            <TableHead>Kind</TableHead>
            <TableHead>Ordered</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.map((report) => (
            <TableRow key={report.id}>
              <TableCell>
                <Link href={`/reports/${report.id}`} className="font-medium text-emerald-700 hover:underline">
                  {report.title}
                </Link>
              </TableCell>
              <TableCell>{KIND_LABELS[report.kind] ?? report.kind}</TableCell>
              <TableCell>{formatDate(report.createdAt)}</TableCell>
              <TableCell>
                <ReportStatusBadge status={report.status} progress={report.progress} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
