import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  defaultBlocks,
  type TPageAnswer,
  type TPageBody,
  type TPageVersion,
  ZPageBlock,
  ZPageTemplate,
} from "../../../shared/api/parked-pages";
import { domainPages, domainPageVersions, domains } from "../../../shared/schema";
import type { Db } from "../../db/pool";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { isEntitled } from "../entitlements/entitlements.service";
import { controlledDomain, type DomainControl, readableDomain } from "./domain-control";
import { readPage } from "./page-store";
import { renderPage } from "./render-page";
import { sanitizeBlocks } from "./sanitize-blocks";

/** The Landing Page Builder marketing tool's entitlement (shared/offer-grants.ts). */
export const BUILDER_FEATURE = "marketing-tool:landing-page-builder";

interface Scope {
  db: Db;
  userId: string;
  domainId: string;
  /** Called after a change, so that the served page is rendered again. */
  onChange?: (domainName: string) => void;
}

const hasBuilder = (db: DbOrTx, userId: string) => isEntitled({ db, userId, feature: BUILDER_FEATURE });

/**
 * Without the builder a page keeps its template's default blocks, in their order, and only their
 * words change; anything else needs the tool (403).
 */
export function assertEditableWithoutBuilder(page: TPageBody, domainName: string): void {
  const expected = defaultBlocks(page.template, domainName).map((b) => b.type);
  const given = page.blocks.map((b) => b.type);
  const same = expected.length === given.length && expected.every((type, i) => type === given[i]);
  const linksAdded = page.blocks.some((b) => b.type === "links" && b.links.length > 0);
  if (!same || linksAdded) {
    throw new AppError(
      "FORBIDDEN",
      "Adding, removing or arranging blocks needs the Landing Page Builder marketing tool; without it you can choose the template and edit its default blocks.",
    );
  }
}

/** How the page answer says who decides the page. */
const controlOf = (domain: DomainControl) => ({
  domainName: domain.name,
  control: domain.role,
  url: `http://${domain.name}/`,
});

/** The page the domain serves: its owner's, or while a lease runs its lessee's (which the owner can read). */
export async function getPage(options: Scope): Promise<TPageAnswer> {
  const { db, userId } = options;
  const domain = await readableDomain(db, userId, options.domainId);
  const page = await readPage(db, domain, domain.controllerId);
  return { ...page, builder: await hasBuilder(db, userId), ...controlOf(domain) };
}

/** Checks, sanitises and stores a page as a new version (the old ones stay, to be restored). */
export async function savePage(options: Scope & { input: TPageBody }): Promise<TPageAnswer> {
  const { db, userId } = options;
  const domain = await controlledDomain(db, userId, options.domainId);
  const builder = await hasBuilder(db, userId);
  if (!builder) assertEditableWithoutBuilder(options.input, domain.name);
  const blocks = await sanitizeBlocks(options.input.blocks);
  const version = await writePageVersion(db, {
    domainId: domain.id,
    userId,
    page: { template: options.input.template, blocks },
  });
  options.onChange?.(domain.name);
  return { template: options.input.template, blocks, version, builder, ...controlOf(domain) };
}

/**
 * Stores a checked, sanitised page as the domain's next version and makes it `userId`'s page of
 * the domain (a split test's winner arrives here too): served while they control the domain.
 * Answers the version number.
 */
export async function writePageVersion(
  db: Db,
  options: { domainId: string; userId: string; page: TPageBody },
): Promise<number> {
  const { domainId, userId, page } = options;
  return db.transaction(async (tx) => {
    // Serialises two saves of one page so that each gets its own version number.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`page:${domainId}`}))`);
    const [last] = await tx
      .select({ version: domainPageVersions.version })
      .from(domainPageVersions)
      .where(eq(domainPageVersions.domainId, domainId))
      .orderBy(desc(domainPageVersions.version))
      .limit(1);
    const next = (last?.version ?? 0) + 1;
    const row = { domainId, userId, template: page.template, blocks: page.blocks, version: next };
    await tx.insert(domainPageVersions).values(row);
    await tx
      .insert(domainPages)
      .values(row)
      .onConflictDoUpdate({
        target: [domainPages.domainId, domainPages.userId],
        set: { template: row.template, blocks: row.blocks, version: next, updatedAt: new Date() },
      });
    // The owner's template is the domain's; a lessee's page keeps its own.
    await tx
      .update(domains)
      .set({ parkingTemplate: row.template })
      .where(and(eq(domains.id, domainId), eq(domains.userId, userId)));
    return next;
  });
}

/** The page as visitors would see it, for the builder's live preview (nothing is saved). */
export async function previewPage(
  options: Scope & { input: TPageBody; appUrl: string },
): Promise<{ html: string }> {
  const { db, userId } = options;
  const domain = await readableDomain(db, userId, options.domainId);
  const [listing] = await db
    .select({ price: domains.marketplacePrice })
    .from(domains)
    .where(
      and(
        eq(domains.id, domain.id),
        isNull(domains.soldAt),
        gt(domains.marketplacePrice, "0"),
        eq(domains.saleBanner, true),
      ),
    );
  const page = { template: options.input.template, blocks: await sanitizeBlocks(options.input.blocks) };
  const { html } = renderPage(page, {
    domainName: domain.name,
    // A leased domain's page offers no sale.
    listingPrice: domain.lesseeId ? null : (listing?.price ?? null),
    appUrl: options.appUrl,
    imageUrl: (imageId) => `/api/domains/${domain.id}/page/images/${imageId}`,
  });
  return { html };
}

export async function listPageVersions(options: Scope): Promise<TPageVersion[]> {
  const { db, userId } = options;
  const domain = await readableDomain(db, userId, options.domainId);
  const rows = await db
    .select()
    .from(domainPageVersions)
    .where(and(eq(domainPageVersions.domainId, domain.id), eq(domainPageVersions.userId, userId)))
    .orderBy(desc(domainPageVersions.version))
    .limit(100);
  return rows.map((r) => ({
    version: r.version,
    template: ZPageTemplate.parse(r.template),
    blocks: ZPageBlock.array().parse(r.blocks),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Makes an earlier version the page again, as a new version (so the restore itself can be undone). */
export async function restorePageVersion(options: Scope & { version: number }): Promise<TPageAnswer> {
  const { db, userId } = options;
  const domain = await controlledDomain(db, userId, options.domainId);
  const [old] = await db
    .select()
    .from(domainPageVersions)
    .where(
      and(
        eq(domainPageVersions.domainId, domain.id),
        eq(domainPageVersions.userId, userId),
        eq(domainPageVersions.version, options.version),
      ),
    );
  if (!old) throw notFound("Page version");
  const input = { template: ZPageTemplate.parse(old.template), blocks: ZPageBlock.array().parse(old.blocks) };
  return savePage({ ...options, input });
}
