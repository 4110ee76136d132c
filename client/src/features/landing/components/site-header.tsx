import { LayoutDashboard } from "lucide-react";
import { Link } from "wouter";
import { BrandMark } from "@/components/brand-mark";
import { buttonVariants } from "@/components/ui/button";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-slate-200/70 border-b bg-white/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" aria-label="ParkPilot home" className="rounded-md">
          <BrandMark />
        </Link>
        <Link href="/dashboard" className={buttonVariants({ variant: "outline", size: "md" })}>
          <LayoutDashboard aria-hidden="true" />
          Admin Dashboard
        </Link>
      </div>
    </header>
  );
}
