import {
  DOMAIN_STATUS_LABELS,
  type TAdNetwork,
  type TDomainStatus,
  type TParkingTemplate,
} from "@shared/api/domains";
import { PARKING_REPORT_FORMATS } from "@shared/api/parking";
import { AD_NETWORKS, PARKING_TEMPLATES } from "@shared/catalog";

export const STATUS_LABELS: Record<TDomainStatus, string> = DOMAIN_STATUS_LABELS;

export const TEMPLATE_LABELS: Record<TParkingTemplate, string> = {
  standard: "Standard",
  premium: "Premium",
  category: "Category",
  minimal: "Minimal",
};

export const networkLabel = (network: TAdNetwork) => PARKING_REPORT_FORMATS[network].label;

export const NETWORK_OPTIONS = AD_NETWORKS.map((n) => ({ value: n, label: networkLabel(n) }));
export const TEMPLATE_OPTIONS = PARKING_TEMPLATES.map((t) => ({ value: t, label: TEMPLATE_LABELS[t] }));
