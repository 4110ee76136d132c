import {
  deliverableFilePath,
  type TServiceWorkOrder,
  WORK_ORDER_STATUS_LABELS,
} from "@shared/api/work-orders";
import { CheckCircle2, Clock, Download, FileText } from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { formatDate, formatServiceType } from "@/lib/format";
import { useDomainServices } from "../api/get-domain-services";

/** The selected domain's service records; completed ones are highlighted (docs/product.md#records-and-their-fields). */
export function DomainServiceHistory({ domainId }: { domainId: string }) {
  const services = useDomainServices(domainId);
  if (services.isPending) {
    return (
      <div className="grid gap-2" data-testid="services-loading">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (services.isError) return <p className="text-red-700 text-sm">Failed to load this domain's services.</p>;
  if (services.data.length === 0) {
    return <p className="text-muted-foreground text-sm">No services for this domain yet.</p>;
  }
  return (
    <ul className="grid gap-2" aria-label="Domain services">
      {services.data.map((service) => {
        const { workOrder } = service;
        const completed = service.status === "completed" || workOrder?.status === "delivered";
        return (
          <li
            key={service.id}
            className={cn(
              "grid gap-2 rounded-lg border px-4 py-3",
              completed && "border-emerald-200 bg-emerald-50/70",
            )}
          >
            <div className="flex items-center justify-between gap-3">
              <span className="flex min-w-0 items-center gap-3">
                {completed ? (
                  <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
                ) : (
                  <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                )}
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900 text-sm">
                    {formatServiceType(service.serviceType)}
                  </span>
                  <span className="block text-muted-foreground text-xs">
                    Ordered {formatDate(service.createdAt)}
                    {workOrder && <WorkOrderDate workOrder={workOrder} />}
                  </span>
                </span>
              </span>
              <Badge variant={completed ? "success" : "neutral"}>
                {workOrder ? WORK_ORDER_STATUS_LABELS[workOrder.status] : formatServiceType(service.status)}
              </Badge>
            </div>
            {service.reportId && (
              <Link
                href={`/reports/${service.reportId}`}
                className="inline-flex items-center gap-1.5 border-t pt-2 font-medium text-primary text-sm underline-offset-4 hover:underline"
              >
                <FileText aria-hidden="true" className="size-4 shrink-0" />
                Read the appraisal report
              </Link>
            )}
            {workOrder && workOrder.deliverables.length > 0 && (
              <Deliverables domainId={domainId} workOrder={workOrder} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function WorkOrderDate({ workOrder }: { workOrder: TServiceWorkOrder }) {
  if (workOrder.deliveredAt) return <> · Delivered {formatDate(workOrder.deliveredAt)}</>;
  if (workOrder.status === "cancelled") return null;
  return <> · Due {formatDate(workOrder.dueAt)}</>;
}

/** What was delivered: texts to read, files to download. */
function Deliverables({ domainId, workOrder }: { domainId: string; workOrder: TServiceWorkOrder }) {
  return (
    <ul className="grid gap-1.5 border-t pt-2 text-sm" aria-label="Deliverables">
      {workOrder.deliverables.map((d) => (
        <li key={d.id} className="break-words">
          {d.fileName ? (
            <a
              href={deliverableFilePath(domainId, d.id)}
              download={d.fileName}
              className="inline-flex items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Download aria-hidden="true" className="size-4 shrink-0" />
              Download {d.fileName}
            </a>
          ) : (
            <p className="whitespace-pre-line text-slate-700">{d.body}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
