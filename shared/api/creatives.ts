import { z } from "zod";
import { pathTo } from "../path-to";

/** Creative Assets (docs/affiliates.md#creative-assets): banners and a QR code carrying the affiliate's link. */
export const CREATIVES_PATH = "/api/creatives";
export const creativeFilePath = (id: string, format: "svg" | "png") =>
  pathTo(CREATIVE_PATHS.file, { file: `${id}.${format}` });

/** The entitlement the Creative Assets tool grants. */
export const CREATIVE_ASSETS_FEATURE = "marketing-tool:creative-assets";

/** The IAB's standard display ad sizes that the banners come in. */
export const BANNER_SIZES = [
  { width: 300, height: 250, label: "Medium Rectangle" },
  { width: 728, height: 90, label: "Leaderboard" },
  { width: 160, height: 600, label: "Wide Skyscraper" },
  { width: 300, height: 600, label: "Half Page" },
  { width: 320, height: 50, label: "Mobile Banner" },
  { width: 970, height: 250, label: "Billboard" },
] as const;

export const QR_CODE_ID = "qr-code";
export const QR_CODE_SIZE = 512;
export const bannerId = (size: { width: number; height: number }) => `banner-${size.width}x${size.height}`;

export const ZCreativeFileParams = z.object({
  file: z
    .string()
    .max(40)
    .regex(/^[a-z0-9-]+\.(svg|png)$/, "Unknown creative."),
});

export const ZCreative = z.object({
  id: z.string(),
  label: z.string(),
  width: z.number(),
  height: z.number(),
  /** The referral link this asset carries (tagged with the asset as its source). */
  link: z.string(),
});
export type TCreative = z.infer<typeof ZCreative>;

export const ZCreatives = z.object({ referralLink: z.string(), assets: z.array(ZCreative) });
export type TCreatives = z.infer<typeof ZCreatives>;

/** The area's API paths, as Express patterns (filled in with `pathTo`). */
export const CREATIVE_PATHS = {
  file: "/api/creatives/:file",
} as const;
