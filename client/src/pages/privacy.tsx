import { PrivacyNotice } from "@/features/landing/components/privacy-notice";
import { SiteFooter } from "@/features/landing/components/site-footer";
import { SiteHeader } from "@/features/landing/components/site-header";

export default function PrivacyPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SiteHeader />
      <main className="flex-1">
        <PrivacyNotice />
      </main>
      <SiteFooter />
    </div>
  );
}
