import type { ReactNode } from "react";

/** The last call to action; the button (passed in) takes the visitor back to the form. */
export function ClosingCta({ action }: { action: ReactNode }) {
  return (
    <section aria-labelledby="cta-title" className="bg-gradient-to-br from-emerald-600 to-emerald-700">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16 text-center sm:px-6 md:py-20">
        <h2 id="cta-title" className="font-bold text-3xl text-white tracking-tight sm:text-4xl">
          Ready to start saving?
        </h2>
        <p className="mt-4 max-w-xl text-emerald-50 text-lg">
          Join 2.5M+ drivers who compared quotes and saved an average of $847 a year.
        </p>
        <div className="mt-8">{action}</div>
      </div>
    </section>
  );
}
