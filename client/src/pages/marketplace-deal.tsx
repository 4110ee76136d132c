import { Link, useParams } from "wouter";
import { PageHeader } from "@/components/page-header";
import { SaleDetails } from "@/features/marketplace/components/sale-details";
import { LeasedPageLink } from "@/features/parked-pages/components/leased-page-link";

/** One escrow sale, for its buyer or its seller. */
export default function MarketplaceDealPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <>
      <PageHeader
        title="Escrow Sale"
        description="The platform holds the payment until the buyer controls the domain."
        actions={
          <>
            <LeasedPageLink transactionId={id} />
            <Link className="text-primary text-sm underline" href="/marketplace/deals">
              All offers & sales
            </Link>
          </>
        }
      />
      <SaleDetails id={id} />
    </>
  );
}
