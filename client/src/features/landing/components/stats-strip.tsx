const STATS: readonly { prefix?: string; value: string; label: string }[] = [
  { prefix: "Up to", value: "70%", label: "Potential savings" },
  { value: "$847", label: "Average yearly savings" },
  { value: "50+", label: "Insurers compared" },
  { value: "< 2 min", label: "To compare quotes" },
  { value: "2.5M+", label: "People helped" },
  { value: "4.9★", label: "Customer rating" },
];

export function StatsStrip() {
  return (
    <section aria-label="Our numbers" className="bg-slate-900">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-12 sm:grid-cols-3 sm:px-6 lg:grid-cols-6">
        {STATS.map(({ prefix, value, label }) => (
          <div key={label} className="flex flex-col-reverse gap-1 text-center">
            <dt className="text-slate-400 text-sm">{label}</dt>
            <dd className="whitespace-nowrap font-bold text-3xl text-white tracking-tight">
              {prefix && <span className="mr-1.5 font-semibold text-base text-emerald-300">{prefix}</span>}
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
