import type sanitizeHtml from "sanitize-html";
import type { TPageBlock } from "../../../shared/api/parked-pages";
import { loadOnce } from "../../lib/load-once";

/**
 * The formatting a text block may keep. Everything else (scripts, event handlers, styles, frames,
 * forms, `javascript:` and `data:` links) is dropped on save; the renderer escapes every other
 * field, so no markup an owner sends reaches a visitor as code (docs/security.md#parked-pages).
 * The sanitiser loads with the first page saved, not with every start.
 */
const sanitizer = loadOnce(async () => {
  const { default: sanitize } = await import("sanitize-html");
  const options: sanitizeHtml.IOptions = {
    allowedTags: ["p", "br", "b", "strong", "i", "em", "u", "ul", "ol", "li", "a", "h2", "h3", "blockquote"],
    allowedAttributes: { a: ["href", "rel", "target"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesAppliedToAttributes: ["href"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    transformTags: {
      a: sanitize.simpleTransform("a", { rel: "nofollow noopener ugc", target: "_blank" }),
    },
  };
  return (html: string) => sanitize(html, options);
});

/** The blocks as stored: text blocks' HTML sanitised, the rest as zod parsed it (rendered escaped). */
export async function sanitizeBlocks(blocks: TPageBlock[]): Promise<TPageBlock[]> {
  const sanitizeText = await sanitizer();
  return blocks.map((block) =>
    block.type === "headline" ? { ...block, text: sanitizeText(block.text) } : block,
  );
}
