import type { TPageBody } from "@shared/api/parked-pages";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePagePreview } from "../api/preview-page";

/**
 * The draft as the server renders it for visitors, in a frame that runs no script (so the
 * preview's forms do nothing) but may read the owner's uploaded images.
 */
export function PagePreview(props: { domainId: string; domainName: string; draft: TPageBody | null }) {
  const preview = usePagePreview(props.domainId, props.draft);
  return (
    <Card className="xl:sticky xl:top-4 xl:self-start">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Live preview of {props.domainName}</CardTitle>
      </CardHeader>
      <CardContent>
        {preview.data ? (
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
