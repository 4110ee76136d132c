import { DOMAIN_PATHS, type TDomain } from "@shared/api/domains";
import { pathTo } from "@shared/path-to";
import { Globe, Pencil } from "lucide-react";
import { type ReactNode, useState } from "react";
import { DomainStatusBadge } from "@/components/domain-status-badge";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { DialogFooter, DialogShell } from "@/components/ui/dialog";
import { FigureTile } from "@/components/ui/figure-tile";
import { Skeleton } from "@/components/ui/skeleton";
import { useRouteBlock } from "@/lib/can-purchase";
import { formatDate, formatMoney, formatNumber } from "@/lib/format";
import { useDomainDetail } from "../api/get-domain";
import { networkLabel, TEMPLATE_LABELS } from "../utils/domain-labels";
import { DomainVerification } from "./domain-verification";
import { EditDomainForm } from "./edit-domain-form";

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      {/* Values wrap rather than cut: on a phone "$0.25 / day" or a nameserver list stays whole. */}
      <dd className="min-w-0 text-right font-medium text-slate-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

/**
 * The manage dialog (docs/product.md#screens): all-time revenue and visitors, status, registration and expiry,
 * with Close and Edit Domain; Edit Domain turns the dialog into a form that saves. Below the
 * figures, the ownership proof: instructions and Verify now while pending. `sections`
 * renders what other features add below the details (the page composes them in).
 */
export function ManageDomainDialog(props: {
  domain: TDomain | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sections?: (domain: TDomain) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const detail = useDomainDetail(props.domain?.id ?? null);
  const current = detail.data ?? props.domain;
  const editBlock = useRouteBlock("PATCH", pathTo(DOMAIN_PATHS.one, { id: current?.id ?? "" }));
  const close = () => {
    setEditing(false);
    props.onOpenChange(false);
  };
  const loading = (node: ReactNode) => (detail.data ? node : <Skeleton className="h-6 w-24" />);

  return (
    <DialogShell
      open={props.open}
      onOpenChange={(open) => !open && close()}
      className="sm:max-w-xl"
      title={current?.name}
      titleClassName="break-all"
      description={
        editing ? "Change how this domain is parked and what it costs you." : "Performance and details."
      }
      icon={
        <span className="mb-1 flex size-10 items-center justify-center rounded-lg bg-emerald-50 text-emerald-600">
          <Globe aria-hidden="true" className="size-5" />
        </span>
      }
    >
      {current &&
        (editing ? (
          <EditDomainForm domain={current} onDone={() => setEditing(false)} onRemoved={close} />
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <FigureTile label="Total Revenue">
                {loading(detail.data && formatMoney(detail.data.totalRevenue))}
              </FigureTile>
              <FigureTile label="Total Visitors">
                {loading(detail.data && formatNumber(detail.data.totalVisitors))}
              </FigureTile>
              <FigureTile label="Status">
                <DomainStatusBadge status={current.status} />
              </FigureTile>
              <FigureTile label="Acquired">{formatDate(current.registrationDate)}</FigureTile>
              <FigureTile label="Expires">
                {current.expiryDate ? formatDate(current.expiryDate) : "Not set"}
              </FigureTile>
              <FigureTile label="Leads">
                {loading(detail.data && formatNumber(detail.data.totalLeads))}
              </FigureTile>
            </dl>
            <DomainVerification domain={current} />
            <dl className="divide-y rounded-lg border px-4">
              <Row label="Parking revenue (30-day average)">{formatMoney(current.parkingRevenue)} / day</Row>
              <Row label="Visitors (30 days)">{formatNumber(current.visitors)}</Row>
              <Row label="Ad network">{networkLabel(current.adNetwork)}</Row>
              <Row label="Parking template">{TEMPLATE_LABELS[current.parkingTemplate]}</Row>
              <Row label="Nameservers">{current.nameservers || "Not set"}</Row>
              <Row label="Purchase price">
                {current.purchasePrice ? formatMoney(current.purchasePrice) : "Not set"}
              </Row>
              <Row label="Renewal cost">
                {current.renewalCost ? `${formatMoney(current.renewalCost)} / year` : "Not set"}
              </Row>
            </dl>
            {props.sections?.(current)}
            <DialogFooter>
              <PurchaseBlockedNote block={editBlock} className="sm:mr-auto sm:self-center" />
              <Button variant="outline" onClick={close}>
                Close
              </Button>
              <Button onClick={() => setEditing(true)} {...editBlock?.button}>
                <Pencil aria-hidden="true" />
                Edit Domain
              </Button>
            </DialogFooter>
          </>
        ))}
    </DialogShell>
  );
}
