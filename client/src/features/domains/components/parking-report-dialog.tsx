import type { TAdNetwork } from "@shared/api/domains";
import { PARKING_REPORT_FORMATS, parkingReportPath, type TParkingImportResult } from "@shared/api/parking";
import { DEFAULT_AD_NETWORK } from "@shared/catalog";
import { BarChart3 } from "lucide-react";
import { useState } from "react";
import { atLimit, LimitLine } from "@/components/plans/limit-line";
import { BlockedTrigger } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { DialogFooter, DialogShell } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { usePlanUsage } from "@/lib/api/get-plan-usage";
import { apiErrorMessage } from "@/lib/api-error";
import { useRouteBlock } from "@/lib/can-purchase";
import { formatMoney, formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useImportDomains } from "../api/import-domains";
import { useImportParkingReport } from "../api/import-parking-report";
import { NETWORK_OPTIONS } from "../utils/domain-labels";
import { FilePicker } from "./file-picker";
import { ParkingImportSummary } from "./parking-import-summary";

/** The report's unknown domains as a domain-import file: each acquired on its first report day. */
function unknownDomainsCsv(result: TParkingImportResult): Blob {
  const rows = result.unknownDomains.map((d) => `${d.name},${d.firstDay}`);
  return new Blob([["name,registration date", ...rows, ""].join("\n")], { type: "text/csv" });
}

/** Parking-report import: a network's daily CSV export becomes parking revenue per domain and day. */
/** Today's parking-report imports against the plan's daily allowance. */
function ImportsLimit() {
  const plan = usePlanUsage().data;
  return (
    <LimitLine
      usage={plan?.usage.parkingImportsPerDay}
      noun="parking-report imports today"
      planLabel={plan?.label}
    />
  );
}

export function ParkingReportDialog() {
  const [open, setOpen] = useState(false);
  const [network, setNetwork] = useState<TAdNetwork>(DEFAULT_AD_NETWORK);
  const [result, setResult] = useState<TParkingImportResult | null>(null);
  const [error, setError] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const importing = useImportParkingReport();
  const addingDomains = useImportDomains();
  const format = PARKING_REPORT_FORMATS[network];

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setResult(null);
      setError("");
      setFile(null);
      setNetwork(DEFAULT_AD_NETWORK);
    }
  };
  const upload = (chosen: File) => {
    setResult(null);
    setError("");
    setFile(chosen);
    importing.mutate(
      { network, file: chosen },
      {
        onSuccess: (answer) => {
          setResult(answer);
          // Success only when something matched; the summary says what did not.
          if (answer.imported > 0) {
            toast({
              title: "Parking Report Imported!",
              description: `${formatMoney(answer.totalRevenue)} of ${format.label} revenue recorded for ${formatNumber(answer.matchedDomains)} domain${answer.matchedDomains === 1 ? "" : "s"}.`,
            });
          } else {
            toast({
              title: "Nothing Imported",
              description: "None of the report's domains is in your portfolio.",
              variant: "destructive",
            });
          }
        },
        onError: (err) => {
          const message = apiErrorMessage(err, "Failed to import the report. Please try again.");
          setError(message);
          toast({ title: "Import Failed", description: message, variant: "destructive" });
        },
      },
    );
  };

  const addUnknownThenImport = () => {
    if (!result || !file) return;
    addingDomains.mutate(unknownDomainsCsv(result), {
      onSuccess: (added) => {
        toast({
          title: "Domains Added!",
          description: `${formatNumber(added.imported)} domain${added.imported === 1 ? " was" : "s were"} added; importing the report again.`,
        });
        upload(file);
      },
      onError: (err) => {
        const message = apiErrorMessage(err, "Failed to add the domains. Please try again.");
        setError(message);
        toast({ title: "Error", description: message, variant: "destructive" });
      },
    });
  };
  const planUsage = usePlanUsage().data;
  const importsUsedUp = planUsage ? atLimit(planUsage.usage.parkingImportsPerDay) : false;
  const block = useRouteBlock("POST", parkingReportPath(network));

  const trigger = (
    <Button variant="outline">
      <BarChart3 aria-hidden="true" />
      Import Parking Report
    </Button>
  );
  if (block) return <BlockedTrigger block={block}>{trigger}</BlockedTrigger>;
  return (
    <DialogShell
      open={open}
      onOpenChange={changeOpen}
      trigger={trigger}
      className="sm:max-w-xl"
      title="Import Parking Report"
      description="Upload your ad network's daily report. Each row becomes that day's parking revenue for the domain; importing a day again replaces it."
    >
      <ImportsLimit />
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
        disabled={importing.isPending || importsUsedUp}
        onFile={upload}
      />
      {importing.isPending && <p className="text-muted-foreground text-sm">Importing…</p>}
      <FieldError>{error}</FieldError>
      {result && (
        <ParkingImportSummary
          result={result}
          onAddUnknown={addUnknownThenImport}
          adding={addingDomains.isPending || importing.isPending}
        />
      )}
      <DialogFooter>
        <Button variant={result ? "default" : "outline"} onClick={() => changeOpen(false)}>
          {result ? "Done" : "Cancel"}
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}
