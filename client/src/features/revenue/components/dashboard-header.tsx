import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";

/** The page title with the Live indicator and the notifications bell (which the page passes in). */
export function DashboardHeader({ bell }: { bell: ReactNode }) {
  return (
    <PageHeader
      className="mb-0"
      title="Revenue Dashboard"
      description="Your portfolio's earnings across parking, leads, the marketplace and affiliates."
      actions={
        <>
          <span
            className="inline-flex items-center gap-2 rounded-full border border-emerald-200 bg-emerald-50 px-3 py-1.5 font-medium text-emerald-700 text-sm"
            title="Figures refresh every 30 seconds and the activity feed every 10"
          >
            <span className="relative flex size-2.5" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75" />
              <span className="relative inline-flex size-2.5 rounded-full bg-emerald-500" />
            </span>
            Live
          </span>
          {bell}
        </>
      }
    />
  );
}
