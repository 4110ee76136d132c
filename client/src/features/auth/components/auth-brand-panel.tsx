import { ChartColumn, Globe, ShieldCheck, Users } from "lucide-react";
import { BrandMark } from "@/components/brand-mark";

const HIGHLIGHTS = [
  { icon: Globe, text: "Park every domain and earn from its traffic" },
  { icon: ChartColumn, text: "Live revenue across parking, leads, sales and affiliates" },
  { icon: Users, text: "Grow with an affiliate programme and a marketplace" },
  { icon: ShieldCheck, text: "Payouts straight to your account" },
] as const;

/** The product pitch beside the sign-in card on wide screens. */
export function AuthBrandPanel() {
  return (
    <section
      aria-label="About ParkPilot"
      className="relative hidden overflow-hidden bg-slate-900 p-12 text-white lg:flex lg:flex-col lg:justify-between"
    >
      <div
        aria-hidden="true"
        className="absolute -top-40 -right-40 size-[32rem] rounded-full bg-emerald-500/20 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-48 -left-32 size-[28rem] rounded-full bg-emerald-400/10 blur-3xl"
      />
      <BrandMark className="relative text-white" />
      <div className="relative max-w-md">
        <h2 className="font-bold text-4xl leading-tight tracking-tight">
          Turn idle domains into <span className="text-emerald-400">steady revenue</span>.
        </h2>
        <p className="mt-4 text-lg text-slate-300">
          ParkPilot is an automated revenue generation platform for domain owners.
        </p>
        <ul className="mt-10 grid gap-4">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-slate-200">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-500/15 text-emerald-400">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-slate-400 text-sm">© {new Date().getFullYear()} ParkPilot</p>
    </section>
  );
}

/** The same pitch, short, above the card on narrow screens. */
export function AuthMobileIntro() {
  return (
    <div className="flex flex-col items-center gap-3 text-center lg:hidden">
      <BrandMark />
      <p className="max-w-xs text-muted-foreground text-sm">
        An automated revenue generation platform for domain owners.
      </p>
    </div>
  );
}
