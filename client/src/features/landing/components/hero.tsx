import { CircleCheck, Star } from "lucide-react";
import type { ReactNode } from "react";

const PROMISES = [
  "Free, with no obligation",
  "Quotes in under 2 minutes",
  "Your details stay secure",
] as const;

/** The first screen: the pitch on the left, the lead form (passed in) on the right. */
export function Hero({ form }: { form: ReactNode }) {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-emerald-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-32 size-[28rem] rounded-full bg-emerald-200/40 blur-3xl"
      />
      {/* On phones the form follows the headline; on wide screens it sits beside the whole pitch. */}
      <div className="relative mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 md:py-20 lg:grid-cols-[1.1fr_1fr] lg:gap-x-16 lg:gap-y-8">
        <div className="lg:self-end">
          <p className="inline-flex items-center gap-2 rounded-full border border-emerald-200 bg-white px-3 py-1 font-medium text-emerald-800 text-sm shadow-sm">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
            Trusted by 2.5M+ drivers
          </p>
          <h1
            id="hero-title"
            className="mt-5 font-extrabold text-4xl text-slate-900 leading-[1.1] tracking-tight sm:text-5xl lg:text-6xl"
          >
            Save up to <span className="text-emerald-600">70%</span> on your car insurance
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600 leading-relaxed">
            Compare personalised quotes from 50+ top-rated insurers in under 2 minutes. Drivers who switch
            save $847 a year on average.
          </p>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-emerald-900/5 shadow-xl sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-center">
          <h2 className="font-bold text-2xl text-slate-900 tracking-tight">Get your free quotes</h2>
          <p className="mt-1.5 mb-6 text-slate-600">
            Enter your email and ZIP code to see the best rates near you.
          </p>
          {form}
        </div>
        <div className="lg:self-start">
          <ul className="grid gap-3 text-slate-700">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-3">
                <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
                {promise}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex items-center gap-3 text-slate-600 text-sm">
            <span className="flex" role="img" aria-label="Rated 4.9 out of 5">
              {[1, 2, 3, 4, 5].map((n) => (
                <Star key={n} aria-hidden="true" className="size-5 fill-amber-400 text-amber-400" />
              ))}
            </span>
            <span>
              <strong className="font-semibold text-slate-900">4.9</strong> average rating from our customers
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
