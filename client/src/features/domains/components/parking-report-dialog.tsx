import type { TAdNetwork } from "@shared/api/domains";
import { PARKING_REPORT_FORMATS, type TParkingImportResult } from "@shared/api/parking";
import { DEFAULT_AD_NETWORK } from "@shared/catalog";
import { BarChart3, CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogFooter, DialogShell } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { apiErrorMessage } from "@/lib/api-error";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useImportParkingReport } from "../api/import-parking-report";
import { NETWORK_OPTIONS } from "../utils/domain-labels";
import { FilePicker } from "./file-picker";

/** A report day (`YYYY-MM-DD`) in the reader's format; noon UTC is that day in every zone. */

function dayRange(first: string | null, last: string | null): string {
  if (!first || !last) return "no days";
  return first === last ? formatDate(first) : `${formatDate(first)} – ${formatDate(last)}`;
}

function ImportSummary({ result }: { result: TParkingImportResult }) {
  const days = dayRange(result.firstDay, result.lastDay);
  return (
    <div className="grid gap-3" data-testid="parking-import-result">
      <div className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
        <p className="text-emerald-900 text-sm">
          Imported {formatNumber(result.imported)} domain-day{result.imported === 1 ? "" : "s"} ({days}) worth{" "}
          <strong>{formatMoney(result.totalRevenue)}</strong> of parking revenue. Days imported before were
          replaced, not added again.
        </p>
      </div>
      {result.skippedCount > 0 && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm">
          <p className="font-medium text-amber-900">
            {formatNumber(result.skippedCount)} row{result.skippedCount === 1 ? " was" : "s were"} left out:
            the domain is not in your portfolio.
          </p>
          <ul className="mt-2 max-h-32 overflow-auto text-amber-800">
            {result.skipped.map((row) => (
              <li key={row.line}>
                Line {row.line}: {row.domain || "(no domain)"}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Parking-report import: a network's daily CSV export becomes parking revenue per domain and day. */
export function ParkingReportDialog() {
  const [open, setOpen] = useState(false);
  const [network, setNetwork] = useState<TAdNetwork>(DEFAULT_AD_NETWORK);
  const [result, setResult] = useState<TParkingImportResult | null>(null);
  const [error, setError] = useState("");
  const importing = useImportParkingReport();
  const format = PARKING_REPORT_FORMATS[network];

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setResult(null);
      setError("");
      setNetwork(DEFAULT_AD_NETWORK);
    }
  };
  const upload = (file: File) => {
    setResult(null);
    setError("");
    importing.mutate(
      { network, file },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast({
            title: "Parking Report Imported!",
            description: `${formatMoney(answer.totalRevenue)} of ${format.label} revenue recorded.`,
          });
        },
        onError: (err) => {
          const message = apiErrorMessage(err, "Failed to import the report. Please try again.");
          setError(message);
          toast({ title: "Import Failed", description: message, variant: "destructive" });
        },
      },
    );
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button variant="outline">
          <BarChart3 aria-hidden="true" />
          Import Parking Report
        </Button>
      }
      className="sm:max-w-xl"
      title="Import Parking Report"
      description="Upload your ad network's daily report. Each row becomes that day's parking revenue for the domain; importing a day again replaces it."
    >
      <div className="grid gap-2">
        <Label htmlFor="report-network">Ad network</Label>
        <Select
          id="report-network"
          value={network}
          options={NETWORK_OPTIONS}
          disabled={importing.isPending}
          onValueChange={(v) => {
            setNetwork(v as TAdNetwork);
            setResult(null);
            setError("");
          }}
        />
      </div>
      <div className="rounded-lg bg-slate-50 p-3 text-slate-600 text-xs">
        <p className="font-medium text-slate-800">Expected columns</p>
        <p className="mt-1">
          {Object.values(format.columns).join(", ")} — dates as {format.dateFormat}; or the generic date,
          domain, visitors, clicks, revenue.
        </p>
      </div>
      <FilePicker
        label={`Choose a ${format.label} report`}
        hint="CSV, UTF-8, up to 5 MB"
        disabled={importing.isPending}
        onFile={upload}
      />
      {importing.isPending && <p className="text-muted-foreground text-sm">Importing…</p>}
      <FieldError>{error}</FieldError>
      {result && <ImportSummary result={result} />}
      <DialogFooter>
        <Button variant={result ? "default" : "outline"} onClick={() => changeOpen(false)}>
          {result ? "Done" : "Cancel"}
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}
