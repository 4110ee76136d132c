import { ArrowUp } from "lucide-react";
import { ClosingCta } from "@/features/landing/components/closing-cta";
import { Hero } from "@/features/landing/components/hero";
import { SiteFooter } from "@/features/landing/components/site-footer";
import { SiteHeader } from "@/features/landing/components/site-header";
import { StatsStrip } from "@/features/landing/components/stats-strip";
import { WhyChoose } from "@/features/landing/components/why-choose";
import { LeadForm } from "@/features/leads/components/lead-form";
import { ScrollToLeadFormButton } from "@/features/leads/components/scroll-to-lead-form-button";

export default function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SiteHeader />
      <main className="flex-1">
        <Hero form={<LeadForm />} />
        <StatsStrip />
        <WhyChoose />
        <ClosingCta
          action={
            <ScrollToLeadFormButton size="xl" variant="inverse">
              Get My Free Quotes <ArrowUp aria-hidden="true" />
            </ScrollToLeadFormButton>
          }
        />
      </main>
      <SiteFooter />
    </div>
  );
}
