import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { useInOwnPortfolio } from "@/lib/api/portfolios";
import { toastError } from "@/lib/toast";
import { useListingsNewsletter, useSetListingsNewsletter } from "../api/listings-newsletter";

/**
 * The weekly email of promoted domains for sale, on or off. It is the portfolio owner's mail: a
 * teammate working in the portfolio is not offered it.
 */
export function NewsletterSwitch() {
  return useInOwnPortfolio() ? <OwnNewsletterSwitch /> : null;
}

function OwnNewsletterSwitch() {
  const current = useListingsNewsletter();
  const set = useSetListingsNewsletter();
  return (
    <Card className="flex items-center justify-between gap-4 p-4">
      <div>
        <p className="font-medium" id="listings-newsletter-label">
          Weekly email of domains for sale
        </p>
        <p className="text-muted-foreground text-sm">
          Promoted listings every Monday; unsubscribe with one click.
        </p>
      </div>
      <Switch
        aria-labelledby="listings-newsletter-label"
        checked={current.data?.subscribed ?? false}
        disabled={current.isPending || set.isPending}
        onCheckedChange={(on) => set.mutate(on, { onError: (e) => toastError(e) })}
      />
    </Card>
  );
}
