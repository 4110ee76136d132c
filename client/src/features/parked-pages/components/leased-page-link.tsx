import { LayoutTemplate } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { useLeasedDomains } from "../api/get-leased-domains";

/** While a lease runs, its lessee builds the domain's parked page and split tests: the way there. */
export function LeasedPageLink({ transactionId }: { transactionId: string }) {
  const leased = useLeasedDomains().data?.find((d) => d.transactionId === transactionId);
  if (!leased) return null;
  return (
    <Link href={`/domains/${leased.domainId}/page`} className={buttonVariants({ variant: "outline" })}>
      <LayoutTemplate aria-hidden="true" /> Edit the parked page of {leased.domainName}
    </Link>
  );
}
