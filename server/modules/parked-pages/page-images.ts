import { count, eq } from "drizzle-orm";
import { PAGE_IMAGE_TYPES } from "../../../shared/api/parked-pages";
import { pageImages } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import { AppError } from "../../http/app-error";
import { isEntitled } from "../entitlements/entitlements.service";
import { controlledDomain } from "./domain-control";
import { BUILDER_FEATURE } from "./parked-pages.service";

/** Images one domain's page may keep: each is a row of the database, so there is a ceiling. */
export const PAGE_IMAGES_PER_DOMAIN = 20;

/** The first bytes of each image type an owner may upload: the file must be what it claims. */
const SIGNATURES: Record<(typeof PAGE_IMAGE_TYPES)[number], (b: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  "image/gif": (b) => b.subarray(0, 4).toString("latin1") === "GIF8",
  "image/webp": (b) =>
    b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
};

/** Stores an image for a domain's page; an SVG or any file whose bytes are not the type it names is refused. */
export async function uploadPageImage(options: {
  db: Db;
  userId: string;
  domainId: string;
  contentType: string;
  content: Buffer;
}): Promise<{ id: string; url: string }> {
  const domain = await controlledDomain(options.db, options.userId, options.domainId);
  if (!(await isEntitled({ db: options.db, userId: options.userId, feature: BUILDER_FEATURE })))
    throw new AppError("FORBIDDEN", "Adding images to a page needs the Landing Page Builder marketing tool.");
  const [held] = await options.db
    .select({ n: count() })
    .from(pageImages)
    .where(eq(pageImages.domainId, domain.id));
  if (held.n >= PAGE_IMAGES_PER_DOMAIN)
    throw new AppError("CONFLICT", `A page keeps at most ${PAGE_IMAGES_PER_DOMAIN} images.`);
  const type = PAGE_IMAGE_TYPES.find((t) => t === options.contentType.split(";")[0].trim().toLowerCase());
  if (!type || !Buffer.isBuffer(options.content) || !SIGNATURES[type](options.content)) {
    throw new AppError("UNPROCESSABLE", "Upload a PNG, JPEG, WebP or GIF image of at most 1 MB.");
  }
  const [row] = await options.db
    .insert(pageImages)
    .values({ userId: options.userId, domainId: domain.id, contentType: type, content: options.content })
    .returning({ id: pageImages.id });
  return { id: row.id, url: `/api/domains/${domain.id}/page/images/${row.id}` };
}
