import { ADMIN_SECTIONS } from "@shared/api/admin/console";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { cn } from "@/lib/cn";

/** The console's frame: a header with the staff member, the section nav (a scrolling row on phones), the page. */
export function AdminLayout({ staffName, children }: { staffName: string; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
          <Link href="/admin" className="font-bold text-lg text-slate-900">
            ParkPilot Console
          </Link>
          <span className="truncate text-muted-foreground text-sm">{staffName}</span>
        </div>
        <nav aria-label="Console" className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 pb-2">
          {ADMIN_SECTIONS.map((section) => {
            const href = `/admin/${section.path}`;
            const active = location === href;
            return (
              <Link
                key={section.path}
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "whitespace-nowrap rounded-md px-3 py-2 font-medium text-sm",
                  active ? "bg-primary text-primary-foreground" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                {section.label}
              </Link>
            );
          })}
        </nav>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
    </div>
  );
}
