import { ToolGate } from "@/components/offer/tool-gate";
import { PageHeader } from "@/components/page-header";
import { Spinner } from "@/components/ui/spinner";
import { useCreatives } from "@/features/creatives/api/get-creatives";
import { CreativeGallery } from "@/features/creatives/components/creative-gallery";

/** `/affiliates/creatives`: banners in the standard ad sizes and a QR code, with the user's own link. */
export default function CreativesPage() {
  const creatives = useCreatives();
  return (
    <div className="grid gap-6">
      <PageHeader
        className="mb-0"
        title="Creative Assets"
        description="Banners in the standard ad sizes and a QR code, each carrying your own referral link. Download PNG or SVG."
      />
      {creatives.isPending ? (
        <Spinner className="size-6 text-primary" />
      ) : creatives.isError ? (
        <ToolGate
          error={creatives.error}
          tool="creative-assets"
          fallback={"The assets could not be loaded."}
        />
      ) : (
        <CreativeGallery assets={creatives.data.assets} />
      )}
    </div>
  );
}
