import type { TDomainImportPreview } from "@shared/api/domains";
import { DOMAIN_PATHS } from "@shared/api/domains";
import { Download, Upload } from "lucide-react";
import { useState } from "react";
import { BlockedTrigger } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogShell } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { apiErrorMessage } from "@/lib/api-error";
import { useRouteBlock } from "@/lib/can-purchase";
import { formatNumber } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useImportDomains } from "../api/import-domains";
import { usePreviewDomainImport } from "../api/preview-domain-import";
import { FilePicker } from "./file-picker";
import { ImportPreviewTable } from "./import-preview-table";

const TEMPLATE_CSV = [
  "name,status,ad network,template,registration date,expiry date,purchase price,renewal cost",
  "example-domain.com,parked,sedo,standard,2021-06-15,2027-06-15,1200.00,12.99",
  "",
].join("\n");
const NOTHING_NEW =
  "Nothing to import: every domain in the file is already in your portfolio or parked by another owner.";
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE_CSV)}`;

/** Bulk import: pick a CSV, read the preview, then import every new domain at once (or nothing). */
export function ImportDomainsDialog() {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TDomainImportPreview | null>(null);
  const [error, setError] = useState("");
  const previewing = usePreviewDomainImport();
  // The preview is read with a POST as well: both are changes to a viewer.
  const block = useRouteBlock("POST", DOMAIN_PATHS.import);
  const importing = useImportDomains();

  const reset = () => {
    setFile(null);
    setPreview(null);
    setError("");
  };
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };
  const choose = (picked: File) => {
    reset();
    setFile(picked);
    previewing.mutate(picked, {
      onSuccess: setPreview,
      onError: (err) => setError(apiErrorMessage(err, "The file could not be read. Please try again.")),
    });
  };
  const runImport = () => {
    if (!file) return;
    importing.mutate(file, {
      onSuccess: (result) => {
        if (result.imported === 0) {
          // Everything became yours or someone else's since the preview: no success to report.
          setError(NOTHING_NEW);
          toast({ title: "Nothing Imported", description: NOTHING_NEW, variant: "destructive" });
          return;
        }
        toast({
          title: "Domains Imported!",
          description: `${formatNumber(result.imported)} domain${result.imported === 1 ? " was" : "s were"} added to your portfolio${result.skipped > 0 ? `; ${formatNumber(result.skipped)} already yours or taken were left as they were` : ""}.`,
        });
        changeOpen(false);
      },
      onError: (err) => {
        const message = apiErrorMessage(err, "Failed to import domains. Please try again.");
        setError(message);
        toast({ title: "Import Failed", description: message, variant: "destructive" });
      },
    });
  };

  const counts = preview?.counts;
  const blocked = !counts || counts.invalid > 0 || counts.new === 0;
  const trigger = (
    <Button variant="outline">
      <Upload aria-hidden="true" />
      Import CSV
    </Button>
  );
  if (block) return <BlockedTrigger block={block}>{trigger}</BlockedTrigger>;
  return (
    <DialogShell
      title="Import Domains"
      className="sm:max-w-2xl"
      trigger={trigger}
      open={open}
      onOpenChange={changeOpen}
      description={
        <>
          Upload a CSV with a <strong>name</strong> column and, if you like, status, ad network, template,
          registration date, expiry date (YYYY-MM-DD), purchase price and renewal cost. Nothing is saved until
          you confirm the preview.
        </>
      }
    >
      <FilePicker
        label="Choose a CSV file"
        hint="Up to 20,000 rows, 5 MB, UTF-8"
        fileName={file?.name}
        disabled={previewing.isPending || importing.isPending}
        onFile={choose}
      />
      <a
        href={TEMPLATE_HREF}
        download="domains-template.csv"
        className="inline-flex items-center gap-1 text-emerald-700 text-sm hover:underline"
      >
        <Download aria-hidden="true" className="size-4" />
        Download a template
      </a>
      {previewing.isPending && <p className="text-muted-foreground text-sm">Checking the file…</p>}
      <FieldError>{error}</FieldError>
      {preview && <ImportPreviewTable preview={preview} />}
      {counts && counts.invalid > 0 && (
        <p className="text-red-700 text-sm">Fix the invalid rows and choose the file again to import.</p>
      )}
      {counts && counts.invalid === 0 && counts.new === 0 && (
        <p className="text-amber-800 text-sm" data-testid="import-nothing-new">
          {NOTHING_NEW}
        </p>
      )}
      <DialogActions onCancel={() => changeOpen(false)}>
        <Button disabled={blocked || importing.isPending} onClick={runImport}>
          {importing.isPending
            ? "Importing..."
            : `Import ${formatNumber(counts?.new ?? 0)} domain${counts?.new === 1 ? "" : "s"}`}
        </Button>
      </DialogActions>
    </DialogShell>
  );
}
