import type { TPageTemplate } from "@shared/api/pages";
import { PARKING_TEMPLATES } from "@shared/prices";

/** How each parked-page template is named, with what sets it apart. */
export const PAGE_TEMPLATE_LABELS: Record<TPageTemplate, string> = {
  standard: "Standard: bright header, cards",
  premium: "Premium: dark, serif, for a name for sale",
  category: "Category: topic grid and links",
  minimal: "Minimal: plain text, no header",
};

export const PAGE_TEMPLATE_OPTIONS = PARKING_TEMPLATES.map((t) => ({
  value: t,
  label: PAGE_TEMPLATE_LABELS[t],
}));
