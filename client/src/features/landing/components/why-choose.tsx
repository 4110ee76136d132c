import { type LucideIcon, PiggyBank, ShieldCheck, Zap } from "lucide-react";

const REASONS: readonly { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Zap,
    title: "Lightning Fast",
    text: "Two details and under 2 minutes. We do the shopping around so you don't spend an afternoon on hold.",
  },
  {
    icon: ShieldCheck,
    title: "100% Secure",
    text: "Your details travel encrypted and are shared only with partner insurers to prepare your quotes.",
  },
  {
    icon: PiggyBank,
    title: "Always Free",
    text: "Comparing costs you nothing and there's no obligation. Keep your current policy if it's the best deal.",
  },
];

export function WhyChoose() {
  return (
    <section aria-labelledby="why-title" className="bg-white py-16 md:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="why-title" className="font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
            Why Choose Our Service
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            A simpler way to pay less for the same cover, without the sales calls.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-slate-50/60 p-7 transition-shadow hover:shadow-md"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-5 font-semibold text-slate-900 text-xl">{title}</h3>
              <p className="mt-2 text-slate-600 leading-relaxed">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
