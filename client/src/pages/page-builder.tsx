import { ArrowLeft, ExternalLink } from "lucide-react";
import { Link, useParams } from "wouter";
import { PageHeader } from "@/components/page-header";
import { buttonVariants } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useDomainDetail } from "@/features/domains/api/get-domain";
import { usePage } from "@/features/parked-pages/api/get-page";
import { PageBuilder } from "@/features/parked-pages/components/page-builder";
import { PageVersions } from "@/features/parked-pages/components/page-versions";
import { SplitTestsPanel } from "@/features/split-tests/components/split-tests-panel";

/** A domain's parked page: the builder with its live preview, the versions, and split tests. */
export default function PageBuilderPage() {
  const { id = "" } = useParams<{ id: string }>();
  const domain = useDomainDetail(id);
  const page = usePage(id);
  const name = domain.data?.name ?? "";
  return (
    <>
      <PageHeader
        title="Parked Page"
        description={name ? `What visitors of ${name} see.` : undefined}
        actions={
          <>
            <Link href="/domains" className={buttonVariants({ variant: "outline" })}>
              <ArrowLeft aria-hidden="true" /> Domains
            </Link>
            {page.data && domain.data?.verification.status === "verified" && (
              <a
                href={page.data.url}
                target="_blank"
                rel="noopener"
                className={buttonVariants({ variant: "outline" })}
              >
                <ExternalLink aria-hidden="true" /> Open {name}
              </a>
            )}
          </>
        }
      />
      {page.data && domain.data ? (
        <PageBuilder domainId={id} domainName={name} saved={page.data}>
          {(draft) => (
            <>
              <PageVersions domainId={id} current={page.data.version} />
              <SplitTestsPanel
                domainId={id}
                live={{ template: page.data.template, blocks: page.data.blocks }}
                draft={draft}
              />
            </>
          )}
        </PageBuilder>
      ) : page.isError || domain.isError ? (
        <p className="text-muted-foreground">This domain could not be found.</p>
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </>
  );
}
