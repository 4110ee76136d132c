import { PAGE_PATHS } from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useRouteBlock } from "@/lib/can-purchase";
import { formatDate } from "@/lib/format";
import { toast, toastError } from "@/lib/toast";
import { usePageVersions } from "../api/get-page-versions";
import { useRestorePageVersion } from "../api/restore-page-version";
import { PAGE_TEMPLATE_LABELS } from "../utils/template-labels";

/** Every saved version of the page, newest first, each with Restore (which saves it as the newest). */
export function PageVersions(props: { domainId: string; current: number }) {
  const versions = usePageVersions(props.domainId);
  const restore = useRestorePageVersion(props.domainId);
  // Any version's restore needs the same: one note under the list.
  const block = useRouteBlock(
    "POST",
    pathTo(PAGE_PATHS.restore, { id: props.domainId, version: props.current }),
  );
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Versions</CardTitle>
      </CardHeader>
      <CardContent>
        {versions.data?.length ? (
          <ul className="grid gap-2" aria-label="Page versions">
            {versions.data.map((v) => (
              <li key={v.version} className="flex items-center justify-between gap-2 text-sm">
                <span>
                  Version {v.version} · {PAGE_TEMPLATE_LABELS[v.template]} · {v.blocks.length} blocks ·{" "}
                  {formatDate(v.createdAt)}
                </span>
                {v.version === props.current ? (
                  <span className="text-muted-foreground">Live</span>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={restore.isPending}
                    {...block?.button}
                    onClick={() =>
                      restore.mutate(v.version, {
                        onSuccess: (page) =>
                          toast({
                            title: "Version Restored",
                            description: `Version ${v.version} is live again as version ${page.version}.`,
                          }),
                        onError: (error) => toastError(error),
                      })
                    }
                  >
                    Restore version {v.version}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">
            No saved versions yet: the template's default page is live.
          </p>
        )}
        {versions.data?.some((v) => v.version !== props.current) && (
          <PurchaseBlockedNote block={block} className="mt-3" />
        )}
      </CardContent>
    </Card>
  );
}
