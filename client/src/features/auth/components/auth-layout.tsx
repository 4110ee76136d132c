import type { ReactNode } from "react";
import { AuthBrandPanel, AuthMobileIntro } from "./auth-brand-panel";

/** The signed-out pages' frame: the product pitch beside the page on wide screens, an intro above it on phones. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <AuthBrandPanel />
      <main className="flex flex-col items-center justify-center gap-8 bg-background px-4 py-10 sm:px-8">
        <AuthMobileIntro />
        {children}
      </main>
    </div>
  );
}
