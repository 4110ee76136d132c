import type { TPortfolioPnlQuery } from "@shared/api/pnl";
import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { portfolioPnlExportUrl } from "../api/get-portfolio-pnl";

/** Downloads the P&L table as CSV, in the range and order on screen. */
export function PnlExportButton({ query }: { query: TPortfolioPnlQuery }) {
  return (
    <a href={portfolioPnlExportUrl(query)} download className={buttonVariants({ variant: "outline" })}>
      <Download aria-hidden="true" />
      Export CSV
    </a>
  );
}
