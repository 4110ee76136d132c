import type { TDomainStatus } from "@shared/api/domains";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { STATUS_LABELS } from "../utils/domain-labels";

const VARIANTS: Record<TDomainStatus, BadgeProps["variant"]> = {
  active: "success",
  parked: "info",
  pending: "warning",
};

export function DomainStatusBadge({ status }: { status: TDomainStatus }) {
  return <Badge variant={VARIANTS[status]}>{STATUS_LABELS[status]}</Badge>;
}
