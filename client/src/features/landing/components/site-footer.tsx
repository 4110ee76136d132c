import { BrandMark } from "@/components/brand-mark";

/** The public pages' footer; plain links, as in the header (site-header.tsx). */
export function SiteFooter() {
  return (
    <footer className="border-slate-800 border-t bg-slate-900 text-slate-400">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr]">
        <div className="max-w-md">
          <BrandMark className="text-white" />
          <p className="mt-4 text-sm leading-relaxed">
            We compare car insurance quotes from 50+ insurers so you can find a better rate in minutes.
            Comparing is free, and there is never an obligation to buy.
          </p>
        </div>
        <nav aria-label="Footer" className="text-sm">
          <p className="font-semibold text-white">Company</p>
          <ul className="mt-3 grid gap-2">
            <li>
              <a href="/privacy" className="transition-colors hover:text-white">
                Privacy Notice
              </a>
            </li>
            <li>
              <a href="/dashboard" className="transition-colors hover:text-white">
                Admin Dashboard
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-slate-800 border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs leading-relaxed sm:px-6">
          © {new Date().getFullYear()} ParkPilot. Savings figures are averages reported by customers who
          switched; your rate depends on your driver profile and the insurer. We are a comparison service, not
          an insurer.
        </p>
      </div>
    </footer>
  );
}
