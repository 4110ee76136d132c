import { LayoutDashboard } from "lucide-react";
import { BrandMark } from "@/components/brand-mark";
import { buttonVariants } from "@/components/ui/button";

/**
 * The public pages' header. Plain links: on the landing page each one leaves its document for the
 * app's, and the app's router has no landing page to show (landing.html is served for `/`).
 */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-slate-200/70 border-b bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" aria-label="ParkPilot home" className="rounded-md">
          <BrandMark />
        </a>
        <a href="/dashboard" className={buttonVariants({ variant: "outline", size: "md" })}>
          <LayoutDashboard aria-hidden="true" />
          Admin Dashboard
        </a>
      </div>
    </header>
  );
}
