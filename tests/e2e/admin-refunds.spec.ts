import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { pathTo } from "../../shared/path-to";
import { addDomainThroughApi, expect, registerThroughApi, test, toast, uniqueAccount } from "./fixtures";
import { signInAsStaff } from "./staff";

test("staff refund part of a paid order in the console, then the rest, and the buyer sees both", async ({
  page,
  browser,
}) => {
  // Two accounts, a checkout and two refunds through the console's lazily loaded page.
  test.setTimeout(240_000);
  // A buyer pays a $99.99 appraisal on the sandbox checkout.
  const buyer = await browser.newContext();
  const buyerPage = await buyer.newPage();
  const account = uniqueAccount();
  await registerThroughApi(buyerPage, account);
  const domain = await addDomainThroughApi(buyerPage);
  const order = await buyerPage.request.post("/api/domain-services/appraisal", {
    data: { type: "professional", price: "99.99", domainId: domain.id },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };
  const paid = await buyerPage.request.post(
    `${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`,
    {
      maxRedirects: 0,
    },
  );
  expect(paid.status()).toBe(303);

  await signInAsStaff(page, "staff-refunds@example.com");
  await page.goto("/admin/refunds");
  await expect(page.getByRole("heading", { name: "Refunds", level: 1 })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel("Order id, buyer email or description").fill(account.email);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page
    .getByRole("table", { name: "Paid orders" })
    .getByRole("row")
    .filter({ hasText: account.email });
  await expect(row).toContainText("$99.99");

  // Part of it: the amount, a reason, then the confirmation that names the sum.
  await row.getByRole("button", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Refund Order" });
  await dialog.getByLabel("Amount (blank for all that is left)").fill("120.00");
  await expect(dialog.getByText("Enter an amount from $0.01 to $99.99")).toBeVisible();
  await dialog.getByLabel("Amount (blank for all that is left)").fill("20.00");
  await dialog.getByLabel("Reason (the buyer sees it)").fill("Delivered a day late");
  await dialog.getByRole("button", { name: "Refund $20.00" }).click();
  await expect(dialog).toContainText("The service continues.");
  await dialog.getByRole("button", { name: "Confirm Refund" }).click();
  await expect(toast(page)).toContainText("Partial Refund Made");
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("$20.00");

  // The rest: a blank amount refunds all that is left and ends the order.
  await row.getByRole("button", { name: "Refund" }).click();
  await expect(dialog).toContainText("at most $79.99 is left to refund");
  await dialog.getByLabel("Reason (the buyer sees it)").fill("Not delivered after all");
  await dialog.getByRole("button", { name: "Refund $79.99" }).click();
  await expect(dialog).toContainText("The order ends");
  await dialog.getByRole("button", { name: "Confirm Refund" }).click();
  await expect(toast(page)).toContainText("Order Refunded");
  await expect(row).toContainText("refunded");
  await expect(row.getByRole("button", { name: "Refund" })).toHaveCount(0);

  // The buyer's history shows both refunds.
  const history = await (await buyerPage.request.get(PAYMENT_PATHS.transactions)).json();
  expect(history.filter((t: { type: string }) => t.type === "refund")).toHaveLength(2);
  await buyerPage.goto("/payments");
  await expect(buyerPage.getByText("Transaction History")).toBeVisible({ timeout: 45_000 });
  await expect(buyerPage.getByText(/^Refund: /)).toHaveCount(2);
  await buyer.close();
});
