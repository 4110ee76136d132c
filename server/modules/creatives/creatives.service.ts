import { eq } from "drizzle-orm";
import { referralLinkPath } from "../../../shared/api/affiliates";
import {
  BANNER_SIZES,
  bannerId,
  CREATIVE_ASSETS_FEATURE,
  QR_CODE_ID,
  QR_CODE_SIZE,
  type TCreative,
  type TCreatives,
} from "../../../shared/api/creatives";
import { users } from "../../../shared/schema";
import type { DbOrTx } from "../../db/tx";
import { AppError, notFound } from "../../http/app-error";
import { loadOnce } from "../../lib/load-once";
import { isEntitled } from "../entitlements/entitlements.service";
import { bannerSvg, qrSvg } from "./banner-svg";

/** The SVG renderer, loaded with the first PNG asked for rather than with every start. */
const resvg = loadOnce(async () => (await import("@resvg/resvg-js")).Resvg);

type Options = { db: DbOrTx; userId: string; appUrl: string };

async function assertCreativeAssets(db: DbOrTx, userId: string): Promise<void> {
  if (!(await isEntitled({ db, userId, feature: CREATIVE_ASSETS_FEATURE }))) {
    throw new AppError(
      "FORBIDDEN",
      "Banners and QR codes need the Creative Assets tool of the Marketing Suite.",
    );
  }
}

async function referralCode(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("UNAUTHORIZED", "Please sign in to continue");
  return row.code;
}

/** Every asset, each with the user's link tagged with the asset as its source. */
export async function listCreatives({ db, userId, appUrl }: Options): Promise<TCreatives> {
  await assertCreativeAssets(db, userId);
  const code = await referralCode(db, userId);
  const link = (source?: string) => `${appUrl}${referralLinkPath(code, source ? { source } : undefined)}`;
  const assets: TCreative[] = [
    ...BANNER_SIZES.map((s) => ({
      id: bannerId(s),
      label: `${s.label} ${s.width}×${s.height}`,
      width: s.width,
      height: s.height,
      link: link(bannerId(s)),
    })),
    { id: QR_CODE_ID, label: "QR code", width: QR_CODE_SIZE, height: QR_CODE_SIZE, link: link(QR_CODE_ID) },
  ];
  return { referralLink: link(), assets };
}

/** One asset as SVG or PNG (rendered from the same SVG). */
export async function creativeFile(
  options: Options & { file: string },
): Promise<{ body: Buffer; type: string; filename: string }> {
  const [id, format] = options.file.split(".") as [string, "svg" | "png"];
  const { assets } = await listCreatives(options);
  const asset = assets.find((a) => a.id === id);
  if (!asset) throw notFound("Creative");
  const svg =
    asset.id === QR_CODE_ID
      ? qrSvg(asset.link, asset.width)
      : bannerSvg({ width: asset.width, height: asset.height, link: asset.link });
  const filename = `parkpilot-${asset.id}.${format}`;
  if (format === "svg") return { body: Buffer.from(svg), type: "image/svg+xml", filename };
  const Resvg = await resvg();
  const png = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" } })
    .render()
    .asPng();
  return { body: png, type: "image/png", filename };
}
