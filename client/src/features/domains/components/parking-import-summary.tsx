import type { TParkingImportResult } from "@shared/api/parking";
import { CheckCircle2, CircleAlert, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";

const plural = (count: number, word: string) => `${formatNumber(count)} ${word}${count === 1 ? "" : "s"}`;

function dayRange(first: string | null, last: string | null): string {
  if (!first || !last) return "no days";
  return first === last ? formatDate(first) : `${formatDate(first)} – ${formatDate(last)}`;
}

/** What matched: the domain-days and revenue imported, or plainly that nothing was. */
function Outcome({ result }: { result: TParkingImportResult }) {
  const reportDomains = result.matchedDomains + result.unknownDomainCount;
  if (result.imported === 0) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <p className="text-amber-900 text-sm">
          <strong>Nothing was imported.</strong>{" "}
          {result.rowsRead === 0
            ? "The report has no rows."
            : `None of the report's ${plural(reportDomains, "domain")} is in your portfolio, so none of its ${plural(result.rowsRead, "row")} was recorded.`}
        </p>
      </div>
    );
  }
  return (
    <div className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
      <p className="text-emerald-900 text-sm">
        Matched {formatNumber(result.matchedDomains)} of the report's {plural(reportDomains, "domain")}:
        imported {plural(result.imported, "domain-day")} ({dayRange(result.firstDay, result.lastDay)}) worth{" "}
        <strong>{formatMoney(result.totalRevenue)}</strong> of parking revenue. Days imported before were
        replaced, not added again.
      </p>
    </div>
  );
}

/**
 * A parking report's import, as it went: what matched, and the domains of the report that are not
 * in the portfolio, with one action that adds them (acquired on their first report day) and
 * imports the report again.
 */
export function ParkingImportSummary(props: {
  result: TParkingImportResult;
  onAddUnknown: () => void;
  adding: boolean;
}) {
  const { result } = props;
  const unknown = result.unknownDomains;
  const invalidRows = result.skippedCount - unknown.reduce((sum, d) => sum + d.rows, 0);
  return (
    <div className="grid gap-3" data-testid="parking-import-result">
      <Outcome result={result} />
      {result.unknownDomainCount > 0 && (
        <section
          aria-label="Domains not in your portfolio"
          className="grid gap-2 rounded-lg border p-4 text-sm"
          data-testid="unknown-report-domains"
        >
          <p className="font-medium text-slate-900">
            {plural(result.unknownDomainCount, "domain")} of the report{" "}
            {result.unknownDomainCount === 1 ? "is" : "are"} not in your portfolio:
          </p>
          <ul className="max-h-32 overflow-auto text-slate-700">
            {unknown.map((domain) => (
              <li key={domain.name} className="flex justify-between gap-3">
                <span className="min-w-0 break-all">{domain.name}</span>
                <span className="shrink-0 text-muted-foreground">{plural(domain.rows, "row")}</span>
              </li>
            ))}
          </ul>
          {result.unknownDomainCount > unknown.length && (
            <p className="text-muted-foreground text-xs">
              And {formatNumber(result.unknownDomainCount - unknown.length)} more.
            </p>
          )}
          <Button className="justify-self-start" disabled={props.adding} onClick={props.onAddUnknown}>
            <Plus aria-hidden="true" />
            {props.adding
              ? "Adding..."
              : `Add ${unknown.length === 1 ? "this domain" : `these ${formatNumber(unknown.length)} domains`} and import again`}
          </Button>
          <p className="text-muted-foreground text-xs">
            Each is added as acquired on its first day in the report, and starts Pending until you verify it.
          </p>
        </section>
      )}
      {invalidRows > 0 && (
        <p className="text-amber-800 text-sm">
          {plural(invalidRows, "row")} named no valid domain and {invalidRows === 1 ? "was" : "were"} left
          out.
        </p>
      )}
    </div>
  );
}
