import type { TPageTemplate } from "@shared/api/parked-pages";
import { PARKING_TEMPLATES } from "@shared/prices";

/** How each parked-page template is named. */
export const PAGE_TEMPLATE_LABELS: Record<TPageTemplate, string> = {
  standard: "Standard",
  premium: "Premium",
  category: "Category",
  minimal: "Minimal",
};

/** What sets each template apart, shown under the choice. */
export const PAGE_TEMPLATE_HINTS: Record<TPageTemplate, string> = {
  standard: "A bright header and cards: a friendly page for most names.",
  premium: "Dark and serif, for a name worth buying.",
  category: "A grid of topics and links, for a name about a subject.",
  minimal: "Plain text, no header: just the essentials.",
};

export const PAGE_TEMPLATE_OPTIONS = PARKING_TEMPLATES.map((t) => ({
  value: t,
  label: PAGE_TEMPLATE_LABELS[t],
}));
