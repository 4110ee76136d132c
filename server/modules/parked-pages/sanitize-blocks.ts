import sanitizeHtml from "sanitize-html";
import type { TPageBlock } from "../../../shared/api/parked-pages";

/**
 * The formatting a text block may keep. Everything else (scripts, event handlers, styles, frames,
 * forms, `javascript:` and `data:` links) is dropped on save; the renderer escapes every other
 * field, so no markup an owner sends reaches a visitor as code (docs/security.md#parked-pages).
 */
const TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "b", "strong", "i", "em", "u", "ul", "ol", "li", "a", "h2", "h3", "blockquote"],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener ugc", target: "_blank" }),
  },
};

/** A text block's formatting, cleaned of anything that could run. */
export function sanitizeText(html: string): string {
  return sanitizeHtml(html, TEXT_OPTIONS);
}

/** The blocks as stored: text blocks' HTML sanitised, the rest as zod parsed it (rendered escaped). */
export function sanitizeBlocks(blocks: TPageBlock[]): TPageBlock[] {
  return blocks.map((block) =>
    block.type === "headline" ? { ...block, text: sanitizeText(block.text) } : block,
  );
}
