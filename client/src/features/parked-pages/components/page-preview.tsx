import { PAGE_PATHS, type TPageBody } from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useRouteBlock } from "@/lib/can-purchase";
import { usePagePreview } from "../api/preview-page";

/**
 * The draft as the server renders it for visitors, in a frame that runs no script (so the
 * preview's forms do nothing) but may read the owner's uploaded images.
 */
export function PagePreview(props: { domainId: string; domainName: string; draft: TPageBody | null }) {
  // Rendering a draft is a change to the role policy: a viewer is not asked to wait for a refusal.
  const block = useRouteBlock("POST", pathTo(PAGE_PATHS.preview, { id: props.domainId }));
  const preview = usePagePreview(props.domainId, block ? null : props.draft);
  return (
    <Card className="xl:sticky xl:top-4 xl:self-start">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Live preview of {props.domainName}</CardTitle>
      </CardHeader>
      <CardContent>
        {block ? (
          <div className="grid gap-1 text-sm">
            <PurchaseBlockedNote block={block} />
            <p>Open {props.domainName} to see its live page.</p>
          </div>
        ) : preview.data ? (
          <iframe
            title="Page preview"
            sandbox="allow-same-origin"
            srcDoc={preview.data}
            className="h-[640px] w-full rounded-md border"
          />
        ) : (
          <Skeleton className="h-[640px] w-full" />
        )}
        {props.draft === null && (
          <p className="mt-2 text-amber-700 text-sm">The preview waits until every field is valid.</p>
        )}
      </CardContent>
    </Card>
  );
}
