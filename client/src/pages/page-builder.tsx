import { ArrowLeft, ExternalLink, KeyRound } from "lucide-react";
import { Link, useParams } from "wouter";
import { PageHeader } from "@/components/page-header";
import { buttonVariants } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { SplitTestsPanel } from "@/features/experiments/components/split-tests-panel";
import { usePage } from "@/features/parked-pages/api/get-page";
import { PageBuilder } from "@/features/parked-pages/components/page-builder";
import { PageVersions } from "@/features/parked-pages/components/page-versions";

/** What a lease means on this page, for its lessee and for the domain's owner (docs/marketplace.md#lease-to-own). */
const LEASE_NOTES = {
  lessee: "You lease this domain: its page, split tests and redirect are yours until the lease ends.",
  "leased-out":
    "This domain is leased: its lessee decides its page, split tests and redirect until the lease ends. You can read them; they are yours again when it ends.",
} as const;

/** A domain's parked page: the builder with its live preview, the versions, and split tests. */
export default function PageBuilderPage() {
  const { id = "" } = useParams<{ id: string }>();
  const page = usePage(id);
  const saved = page.data;
  const name = saved?.domainName ?? "";
  const note = saved && saved.control !== "owner" ? LEASE_NOTES[saved.control] : null;
  return (
    <>
      <PageHeader
        title="Parked Page"
        description={name ? `What visitors of ${name} see.` : undefined}
        actions={
          <>
            <Link
              href={saved?.control === "lessee" ? "/marketplace/deals" : "/domains"}
              className={buttonVariants({ variant: "outline" })}
            >
              <ArrowLeft aria-hidden="true" /> {saved?.control === "lessee" ? "Offers & Sales" : "Domains"}
            </Link>
            {saved && (
              <a
                href={saved.url}
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
      {note && (
        <p
          role="note"
          className="mb-4 flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sky-900 text-sm"
          data-testid="lease-control"
        >
          <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {note}
        </p>
      )}
      {saved ? (
        <PageBuilder domainId={id} domainName={name} saved={saved} readOnly={saved.control === "leased-out"}>
          {(draft) => (
            <>
              {saved.control !== "leased-out" && <PageVersions domainId={id} current={saved.version} />}
              <SplitTestsPanel
                domainId={id}
                live={{ template: saved.template, blocks: saved.blocks }}
                draft={draft}
                readOnly={saved.control === "leased-out"}
              />
            </>
          )}
        </PageBuilder>
      ) : page.isError ? (
        <p className="text-muted-foreground">This domain could not be found.</p>
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </>
  );
}
