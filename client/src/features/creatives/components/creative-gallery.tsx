import { creativeFilePath, type TCreative } from "@shared/api/creatives";
import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";

/** The HTML an affiliate pastes into a page: the banner image inside their link. */
const embedCode = (asset: TCreative) =>
  `<a href="${asset.link}" rel="sponsored"><img src="parkpilot-${asset.id}.png" width="${asset.width}" height="${asset.height}" alt="ParkPilot: make every domain you own earn"></a>`;

function CreativeCard({ asset }: { asset: TCreative }) {
  const scale = Math.min(1, 320 / asset.width, 260 / asset.height);
  return (
    <Card data-testid={`creative-${asset.id}`}>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">{asset.label}</CardTitle>
        <CardDescription className="break-all font-mono text-xs">{asset.link}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex min-h-24 items-center justify-center rounded-md bg-slate-50 p-2">
          <img
            src={creativeFilePath(asset.id, "svg")}
            width={Math.round(asset.width * scale)}
            height={Math.round(asset.height * scale)}
            alt={`${asset.label} preview`}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {(["png", "svg"] as const).map((format) => (
            <a
              key={format}
              className={buttonVariants({ size: "sm", variant: format === "png" ? "default" : "outline" })}
              href={creativeFilePath(asset.id, format)}
              download
            >
              <Download aria-hidden="true" />
              {format.toUpperCase()}
            </a>
          ))}
        </div>
        {asset.id.startsWith("banner-") && (
          <Input
            readOnly
            aria-label={`Embed code for ${asset.label}`}
            value={embedCode(asset)}
            fieldSize="code"
            onFocus={(e) => e.target.select()}
          />
        )}
      </CardContent>
    </Card>
  );
}

export function CreativeGallery({ assets }: { assets: TCreative[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {assets.map((asset) => (
        <CreativeCard key={asset.id} asset={asset} />
      ))}
    </div>
  );
}
