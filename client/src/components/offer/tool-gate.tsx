import { MARKETING_TOOLS, optionById } from "@shared/catalog";
import { Megaphone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ApiError } from "@/lib/api-error";
import { formatMoney } from "@/lib/format";
import { OfferDialog } from "./offer-dialog";

type ToolId = (typeof MARKETING_TOOLS)[number]["id"];

/**
 * A page's figures that did not load: the server's reason, and where the reason is a marketing
 * tool the account lacks (403), a way to buy that tool right there (the usual checkout).
 */
export function ToolGate({ error, tool, fallback }: { error: Error; tool: ToolId; fallback: string }) {
  const message = error instanceof ApiError ? error.message : fallback;
  const needsTool = error instanceof ApiError && error.status === 403;
  const option = optionById(MARKETING_TOOLS, tool);
  return (
    <Card>
      <CardContent className="grid justify-items-start gap-3 py-6 text-sm">
        <p role="alert">{message}</p>
        {needsTool && (
          <OfferDialog
            offerKey="marketingTools"
            trigger={<Button>{`Buy ${option.label} · ${formatMoney(option.price)}/mo`}</Button>}
            icon={Megaphone}
            title={option.label}
            description="A Marketing Suite tool, billed monthly; it works as soon as the payment is confirmed."
            price={option.price}
            priceSuffix="/mo"
            body={{ tools: [tool], totalPrice: option.price }}
            buyLabel={`Buy ${option.label}`}
          >
            <p className="text-muted-foreground text-sm">{message}</p>
          </OfferDialog>
        )}
      </CardContent>
    </Card>
  );
}
