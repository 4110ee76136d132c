import { Menu } from "lucide-react";
import { type ReactNode, useState } from "react";
import { BrandMark } from "@/components/brand-mark";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { PastDueBanner } from "@/features/billing/components/past-due-banner";
import { PortfolioBanner } from "./portfolio-banner";
import { Sidebar } from "./sidebar";

/** Signed-in pages: a fixed sidebar on wide screens, a menu button and drawer on narrow ones. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 overflow-y-auto bg-sidebar lg:block">
        <Sidebar />
      </aside>
      <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-card/95 px-4 backdrop-blur lg:hidden">
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" aria-label="Open menu">
              <Menu aria-hidden="true" className="size-5" />
            </Button>
          </SheetTrigger>
          {/* The drawer scrolls, so a short screen still reaches the user block and Sign Out. */}
          <SheetContent className="overflow-y-auto bg-sidebar text-sidebar-foreground">
            <SheetTitle className="sr-only">Navigation</SheetTitle>
            <SheetDescription className="sr-only">Pages of your ParkPilot account</SheetDescription>
            <Sidebar onNavigate={closeMenu} />
          </SheetContent>
        </Sheet>
        <BrandMark small />
      </header>
      <main id="main-content" tabIndex={-1} className="outline-none lg:pl-64">
        <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <PortfolioBanner className="mb-6" />
          <PastDueBanner className="mb-6" />
          {children}
        </div>
      </main>
    </div>
  );
}
