import { checkoutPagePath, providerLabel } from "../../../shared/api/checkout";
import { formatUsd } from "../../../shared/money";
import type { ServiceOrder } from "../../../shared/schema";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/**
 * The sandbox's hosted checkout: what a provider's page would show, marked as a test. Pay and
 * Cancel are plain forms, so the page works without scripts under the strict CSP.
 */
export function renderSandboxPage(
  order: Pick<ServiceOrder, "id" | "description" | "price" | "status">,
  provider: string,
  /** Where Pay and Cancel post and Back goes, when not a service order's (a lead buyer's invoice). */
  urls?: { base: string; back: string; paidText: string },
) {
  const label = providerLabel(provider);
  const base = urls?.base ?? `/api/checkout/sandbox/${order.id}`;
  const back = urls?.back ?? checkoutPagePath(order.id);
  const paid = order.status === "paid";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout · ParkPilot</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f5f9; color: #0f172a;
    font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif; }
  main { width: min(440px, calc(100vw - 32px)); background: #fff; border: 1px solid #e2e8f0; border-radius: 16px;
    box-shadow: 0 10px 30px rgba(15, 23, 42, .08); overflow: hidden; }
  .banner { background: #fef3c7; color: #92400e; padding: 10px 20px; font-size: 14px; font-weight: 600; text-align: center; }
  .body { padding: 24px; }
  .via { font-size: 13px; color: #64748b; margin: 0 0 4px; }
  h1 { font-size: 20px; margin: 0 0 16px; }
  .row { display: flex; justify-content: space-between; gap: 16px; padding: 12px 0; border-top: 1px solid #e2e8f0; font-size: 15px; }
  .total { font-size: 22px; font-weight: 700; color: #047857; }
  .actions { display: grid; gap: 10px; margin-top: 20px; }
  button { width: 100%; border: 0; border-radius: 10px; padding: 12px 16px; font-size: 15px; font-weight: 600; cursor: pointer; }
  .pay { background: #059669; color: #fff; } .pay:hover { background: #047857; }
  .cancel { background: #fff; color: #334155; border: 1px solid #cbd5e1; } .cancel:hover { background: #f8fafc; }
  .note { margin: 16px 0 0; font-size: 12px; color: #64748b; text-align: center; }
</style>
</head>
<body>
<main>
  <div class="banner" role="note">Test mode, no money moves</div>
  <div class="body">
    <p class="via">${escapeHtml(label)} sandbox checkout</p>
    <h1>${escapeHtml(order.description)}</h1>
    <div class="row"><span>Total</span><span class="total">${escapeHtml(formatUsd(order.price))}</span></div>
    ${
      paid
        ? `<p class="note">${escapeHtml(urls?.paidText ?? "This service order has already been paid for.")}</p>
    <div class="actions"><form method="get" action="${back}"><button class="cancel" type="submit">${urls ? "Back to invoice" : "Back to order"}</button></form></div>`
        : `<div class="actions">
      <form method="post" action="${base}/pay?provider=${encodeURIComponent(provider)}"><button class="pay" type="submit">Pay ${escapeHtml(formatUsd(order.price))}</button></form>
      <form method="post" action="${base}/cancel"><button class="cancel" type="submit">Cancel</button></form>
    </div>`
    }
    <p class="note">No card or PayPal account is charged: this server has no ${escapeHtml(label)} keys configured.</p>
  </div>
</main>
</body>
</html>`;
}
