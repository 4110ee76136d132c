import type { TDomainImportPreview, TDomainImportRowStatus } from "@shared/api/domains";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { formatNumber } from "@/lib/format";

const SHOWN_ROWS = 200;

export const ROW_STATUS: Record<TDomainImportRowStatus, { label: string; variant: BadgeProps["variant"] }> = {
  new: { label: "New", variant: "success" },
  owned: { label: "Already yours", variant: "neutral" },
  taken: { label: "Taken", variant: "warning" },
  invalid: { label: "Invalid", variant: "destructive" },
};
const ORDER: TDomainImportRowStatus[] = ["invalid", "taken", "owned", "new"];

/** The preview: counts per outcome, then the rows, problems first. */
export function ImportPreviewTable({ preview }: { preview: TDomainImportPreview }) {
  const rows = [...preview.rows].sort(
    (a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status) || a.line - b.line,
  );
  return (
    <div className="grid gap-3">
      <ul className="flex flex-wrap gap-2" aria-label="Preview summary">
        {(Object.keys(ROW_STATUS) as TDomainImportRowStatus[]).map((status) => (
          <li key={status}>
            <Badge variant={ROW_STATUS[status].variant}>
              {ROW_STATUS[status].label}: {formatNumber(preview.counts[status])}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="max-h-64 overflow-auto rounded-lg border">
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-slate-50 text-left text-muted-foreground text-xs">
            <tr>
              <th className="px-3 py-2 font-medium">Line</th>
              <th className="px-3 py-2 font-medium">Domain</th>
              <th className="px-3 py-2 font-medium">Result</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.slice(0, SHOWN_ROWS).map((row) => (
              <tr key={row.line}>
                <td className="px-3 py-2 text-muted-foreground tabular-nums">{row.line}</td>
                <td className="max-w-48 truncate px-3 py-2 font-medium text-slate-900" title={row.name}>
                  {row.name || "—"}
                </td>
                <td className="px-3 py-2">
                  <Badge variant={ROW_STATUS[row.status].variant}>{ROW_STATUS[row.status].label}</Badge>
                  {row.reason && <span className="ml-2 text-muted-foreground text-xs">{row.reason}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > SHOWN_ROWS && (
        <p className="text-muted-foreground text-xs">
          Showing the first {formatNumber(SHOWN_ROWS)} of {formatNumber(rows.length)} rows, problems first.
        </p>
      )}
    </div>
  );
}
