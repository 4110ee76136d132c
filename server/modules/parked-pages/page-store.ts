import { and, eq } from "drizzle-orm";
import { defaultBlocks, type TPageBody, ZPageBlock, ZPageTemplate } from "../../../shared/api/parked-pages";
import { domainPages } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";

export interface StoredPage extends TPageBody {
  /** 0 while the domain shows its template's default blocks (never saved). */
  version: number;
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

/** The page `userId` keeps for the domain (the owner's, or a lessee's while leasing), else the template's defaults. */
export async function readPage(
  db: DbOrTx,
  domain: { id: string; name: string; parkingTemplate: string },
  userId: string,
) {
  const [row] = await db
    .select()
    .from(domainPages)
    .where(and(eq(domainPages.domainId, domain.id), eq(domainPages.userId, userId)));
  return pageOf(row, domain);
}
