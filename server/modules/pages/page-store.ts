import { and, eq } from "drizzle-orm";
import { defaultBlocks, type TPageBody, ZPageBlock, ZPageTemplate } from "../../../shared/api/pages";
import { domainPages, domains } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { notFound } from "../../http/app-error";

export interface StoredPage extends TPageBody {
  /** 0 while the domain shows its template's default blocks (never saved). */
  version: number;
}

/** The domain of `userId` with this id (404 for anyone else's). */
export async function ownDomain(db: DbOrTx, userId: string, domainId: string) {
  const [domain] = await db
    .select({ id: domains.id, name: domains.name, parkingTemplate: domains.parkingTemplate })
    .from(domains)
    .where(and(eq(domains.id, domainId), eq(domains.userId, userId)));
  if (!domain) throw notFound("Domain");
  return domain;
}

/** A page as stored (or a template's defaults), parsed again so that a row never reaches a visitor unchecked. */
export function pageOf(
  row: { template: string; blocks: unknown; version: number } | undefined,
  domain: { name: string; parkingTemplate: string },
): StoredPage {
  if (row) {
    return {
      template: ZPageTemplate.parse(row.template),
      blocks: ZPageBlock.array().parse(row.blocks),
      version: row.version,
    };
  }
  const template = ZPageTemplate.catch("standard").parse(domain.parkingTemplate);
  return { template, blocks: defaultBlocks(template, domain.name), version: 0 };
}

/** The domain's current page. */
export async function readPage(db: DbOrTx, domain: { id: string; name: string; parkingTemplate: string }) {
  const [row] = await db.select().from(domainPages).where(eq(domainPages.domainId, domain.id));
  return pageOf(row, domain);
}
