import type { ReactNode } from "react";
import { BrandMark } from "@/components/brand-mark";
import { Card, CardContent } from "@/components/ui/card";

/** The checkout pages' frame: no sidebar, the brand on top, one centred card. */
export function CheckoutShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="min-h-dvh bg-slate-50 px-4 py-10 sm:py-16">
      <div className="mx-auto max-w-xl">
        <div className="mb-8 flex justify-center">
          <BrandMark />
        </div>
        <Card>
          <CardContent className="p-6 sm:p-8">
            <h1 className="mb-6 font-bold text-2xl text-slate-900 tracking-tight">{title}</h1>
            {children}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
