import { referralLinkPath } from "@shared/api/affiliates";
import { Check, Copy, Link2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { absoluteUrl, copyLink } from "../utils/copy-link";

/** The user's personal referral link: whoever registers through it becomes their level-1 affiliate. */
export function ReferralLinkCard({ referralCode }: { referralCode: string | undefined }) {
  const [copied, setCopied] = useState(false);
  const link = referralCode ? absoluteUrl(referralLinkPath(referralCode)) : "";

  async function handleCopy() {
    if (!(await copyLink(link, "referral link"))) return;
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  }

  return (
    <Card className="border-emerald-200 bg-gradient-to-br from-emerald-50 to-white">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Link2 aria-hidden="true" className="size-4 text-emerald-600" />
          Your Referral Link
        </CardTitle>
        <CardDescription>
          Share it anywhere; add ?utm_source=…&utm_campaign=… to tell your channels apart in Link Analytics.
          Everyone who creates an account through it becomes your Level 1 affiliate.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        {referralCode ? (
          <Input
            readOnly
            value={link}
            aria-label="Your referral link"
            fieldSize="code"
            onFocus={(e) => e.target.select()}
          />
        ) : (
          <Skeleton className="h-10 flex-1" />
        )}
        <Button onClick={handleCopy} disabled={!referralCode} className="sm:w-32">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Copied" : "Copy Link"}
        </Button>
      </CardContent>
    </Card>
  );
}
