import { z } from "zod";
import { PARKING_TEMPLATES } from "../prices";

/** A link a visitor may follow from a parked page: http(s) only, so no `javascript:` or `data:` URL. */
export const ZPageUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, message: "Enter a web address starting with http:// or https://" }));

const ZShortText = (max: number) => z.string().trim().max(max);

/** Headline and text; the text may hold simple formatting (paragraphs, bold, italics, lists, links), sanitised on save. */
export const ZHeadlineBlock = z.object({
  type: z.literal("headline"),
  headline: ZShortText(120).min(1, "A headline is needed"),
  text: ZShortText(5000).default(""),
});
/** An image the owner uploaded (`POST /api/domains/{id}/page/images`). */
export const ZImageBlock = z.object({
  type: z.literal("image"),
  imageId: z.uuid("Upload an image first"),
  alt: ZShortText(200).default(""),
});
/** The car-insurance lead form, with the consent line under its button. */
export const ZLeadFormBlock = z.object({
  type: z.literal("leadForm"),
  heading: ZShortText(120).default("Compare car insurance quotes"),
});
/** "This domain is for sale": the listing price and a link to the marketplace listing, when listed. */
export const ZForSaleBlock = z.object({
  type: z.literal("forSale"),
  text: ZShortText(300).default("This domain may be for sale."),
});
export const ZLinksBlock = z.object({
  type: z.literal("links"),
  title: ZShortText(120).default("Related links"),
  links: z.array(z.object({ label: ZShortText(80).min(1, "A label is needed"), url: ZPageUrl })).max(12),
});
/** A message form: what a visitor writes reaches the owner as a notification. */
export const ZContactBlock = z.object({
  type: z.literal("contact"),
  heading: ZShortText(120).default("Contact the owner"),
});
/** Visitors are sent to this address instead of seeing a page. */
export const ZRedirectBlock = z.object({ type: z.literal("redirect"), url: ZPageUrl });

export const ZPageBlock = z.discriminatedUnion("type", [
  ZHeadlineBlock,
  ZImageBlock,
  ZLeadFormBlock,
  ZForSaleBlock,
  ZLinksBlock,
  ZContactBlock,
  ZRedirectBlock,
]);
export type TPageBlock = z.infer<typeof ZPageBlock>;
export type TBlockType = TPageBlock["type"];
export const BLOCK_TYPES = [
  "headline",
  "image",
  "leadForm",
  "forSale",
  "links",
  "contact",
  "redirect",
] as const;

export const ZPageTemplate = z.enum(PARKING_TEMPLATES);
export type TPageTemplate = z.infer<typeof ZPageTemplate>;

/** A parked page as the owner edits it: `PUT /api/domains/{id}/page`. */
export const ZPageBody = z.object({
  template: ZPageTemplate,
  blocks: z.array(ZPageBlock).min(1, "A page needs at least one block").max(20),
});
export type TPageBody = z.infer<typeof ZPageBody>;

/** `GET /api/domains/{id}/page`: the page, its version, and whether the builder (any block) is unlocked. */
export const ZPageAnswer = ZPageBody.extend({
  version: z.number().int(),
  builder: z.boolean(),
  domainName: z.string(),
  /** Where the page is served (the domain's own host). */
  url: z.string(),
  /**
   * Who decides the page: its owner; the lessee of a running lease-to-own (whose page it is); or
   * the owner of a leased domain, who reads the lessee's page and changes nothing until the lease ends.
   */
  control: z.enum(["owner", "lessee", "leased-out"]),
});
export type TPageAnswer = z.infer<typeof ZPageAnswer>;

export const ZPageVersion = z.object({
  version: z.number().int(),
  template: ZPageTemplate,
  blocks: z.array(ZPageBlock),
  createdAt: z.string(),
});
export type TPageVersion = z.infer<typeof ZPageVersion>;

export const ZPageVersionParams = z.object({
  id: z.uuid("Unknown domain"),
  version: z.coerce.number().int().min(1).max(1_000_000),
});

/** The image types an owner may upload, and the largest file. */
export const PAGE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const PAGE_IMAGE_MAX_BYTES = 1_000_000;
export const ZPageImageAnswer = z.object({ id: z.string(), url: z.string() });

/** The blocks a template starts with; without the Landing Page Builder these are the only blocks (their text editable). */
export function defaultBlocks(template: TPageTemplate, domainName: string): TPageBlock[] {
  const headline = (title: string, text: string): TPageBlock => ({ type: "headline", headline: title, text });
  const lead: TPageBlock = { type: "leadForm", heading: "Compare car insurance quotes" };
  const forSale: TPageBlock = { type: "forSale", text: "This domain may be for sale." };
  switch (template) {
    case "premium":
      return [headline("A name worth owning", "A premium name, parked with care."), forSale, lead];
    case "category":
      return [
        headline("Explore this topic", "Guides and offers around this topic."),
        { type: "links", title: "Popular topics", links: [] },
        lead,
      ];
    case "minimal":
      // The minimal template has no header: its first headline is the page's title.
      return [headline(domainName, ""), lead];
    default:
      return [
        headline("Save on car insurance", "Compare quotes from 50+ insurers in under 2 minutes."),
        lead,
        forSale,
      ];
  }
}

/** The path of the browser's page builder for a domain. */
export const pageBuilderPath = (domainId: string) => `/domains/${domainId}/page`;

/** The builder's API paths. */
export const PAGE_PATHS = {
  page: "/api/domains/:id/page",
  preview: "/api/domains/:id/page/preview",
  versions: "/api/domains/:id/page/versions",
  restore: "/api/domains/:id/page/versions/:version/restore",
  images: "/api/domains/:id/page/images",
  image: "/api/domains/:id/page/images/:imageId",
} as const;

export const ZPagePreview = z.object({ html: z.string() });

/** `GET /api/domains/leased`: the domains the user leases to own right now, whose pages are theirs. */
export const LEASED_DOMAINS_PATH = "/api/domains/leased";
export const ZLeasedDomain = z.object({
  domainId: z.string(),
  domainName: z.string(),
  transactionId: z.string(),
});
export type TLeasedDomain = z.infer<typeof ZLeasedDomain>;
