import { REPORTS_PATHS, type TReportSection } from "@shared/api/reports";
import { pathTo } from "@shared/path-to";
import { Download } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/format";
import { useReport } from "../api/get-report";
import { ReportStatusBadge } from "./report-status-badge";

function Section({ section }: { section: TReportSection }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{section.heading}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {section.lines.length > 0 && (
          <ul className="grid gap-1 text-slate-700 text-sm">
            {section.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {section.table && section.table.rows.length > 0 && (
          <Table aria-label={section.heading}>
            <TableHeader>
              <TableRow>
                {section.table.columns.map((c) => (
                  <TableHead key={c}>{c}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {section.table.rows.map((row) => (
                <TableRow key={row.join("|")}>
                  {row.map((cell, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a row are positional
                    <TableCell key={i}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** One report: its status while built, then its summary, sections and the PDF. */
export function ReportView({ id }: { id: string }) {
  const { data, isPending, isError, error } = useReport(id);
  if (isPending) return <Skeleton className="h-64 w-full" />;
  if (isError)
    return (
      <div className="grid gap-3">
        <p className="text-destructive">{error.message || "Report not found"}</p>
        <Link href="/reports" className="text-emerald-700 hover:underline">
          Back to Reports
        </Link>
      </div>
    );
  return (
    <article className="grid gap-6" aria-label={data.title}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <Link href="/reports" className="text-emerald-700 text-sm hover:underline">
            ← Reports
          </Link>
          <h1 className="mt-1 font-bold text-2xl text-slate-900 tracking-tight">{data.title}</h1>
          <p className="mt-1 flex items-center gap-2 text-muted-foreground text-sm">
            <ReportStatusBadge status={data.status} progress={data.progress} />
            {data.readyAt ? `Ready ${formatDate(data.readyAt)}` : `Ordered ${formatDate(data.createdAt)}`}
          </p>
        </div>
        {data.status === "ready" && (
          <a
            href={pathTo(REPORTS_PATHS.pdf, { id: data.id })}
            className="inline-flex items-center gap-2 rounded-md bg-emerald-600 px-4 py-2 font-medium text-sm text-white hover:bg-emerald-700"
          >
            <Download className="size-4" aria-hidden /> Download PDF
          </a>
        )}
      </div>
      {data.status === "failed" && <p className="text-destructive">{data.error}</p>}
      {data.status === "refunded" && (
        <p className="text-muted-foreground">{data.error} Its content was withdrawn.</p>
      )}
      {(data.status === "queued" || data.status === "building") && (
        <p className="text-muted-foreground">
          This report is being prepared; it appears here when it is ready.
        </p>
      )}
      {data.content && (
        <>
          <p className="text-lg text-slate-800">{data.content.summary}</p>
          {data.content.sections.map((section) => (
            <Section key={section.heading} section={section} />
          ))}
        </>
      )}
    </article>
  );
}
