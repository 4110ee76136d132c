import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { pathTo } from "../../shared/path-to";
import { expect, test } from "./fixtures";
import { listVerifiedDomain } from "./listings";
import { signInAsStaff } from "./staff";

test("staff read both sides of a disputed sale and the transfer evidence, then refund part and release the rest", async ({
  page: seller,
  account: _seller,
  buyer,
  browser,
}) => {
  test.slow();
  const { id: domainId, name } = await listVerifiedDomain(seller, "dispute", "1000");
  const opened = await buyer.request.post(marketplaceDealPaths.transactions, { data: { domainId } });
  expect(opened.status()).toBe(201);
  const sale = (await opened.json()) as { id: string; orderId: string };
  expect(
    (
      await buyer.request.post(pathTo(CHECKOUT_PATHS.sandboxPay, { id: sale.orderId }), { maxRedirects: 0 })
    ).status(),
  ).toBe(303);
  await buyer.request.post(pathTo(marketplaceDealPaths.dispute, { id: sale.id }), {
    data: { reason: "The name never reached my registrar" },
  });

  // The seller answers on the sale's page, which says the sale was paid with test money.
  await seller.goto(`/marketplace/deals/${sale.id}`);
  const details = seller.getByTestId("sale-details");
  await expect(details.getByTestId("seller-proceeds")).toContainText("test money", { timeout: 30_000 });
  await details
    .getByLabel("Give your statement")
    .fill("I pushed it on Monday; the buyer's registrar holds it");
  await details.getByRole("button", { name: "Send Statement to Staff" }).click();
  await expect(details.getByTestId("dispute-statements")).toContainText("I pushed it on Monday");

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, "staff-extra@example.com");
  await staff.goto("/admin/disputes");
  const card = staff.getByRole("region", { name: `Dispute over ${name}` });
  await expect(card).toContainText("The name never reached my registrar", { timeout: 30_000 });
  await expect(card).toContainText("I pushed it on Monday");
  await expect(card).toContainText("parkpilot-verify=");
  await expect(card).toContainText("Never found on the resolver");
  await expect(card).toContainText("Test money");

  await card.getByRole("button", { name: "Refund Part" }).click();
  const dialog = staff.getByRole("dialog", { name: "Refund part, release the rest" });
  await dialog.getByLabel("Refund to the buyer").fill("1000");
  await expect(dialog).toContainText("refund the buyer in whole");
  await dialog.getByLabel("Refund to the buyer").fill("300");
  await dialog.getByLabel("Why (both sides are told)").fill("Transfer late; the buyer keeps $300 back");
  await expect(dialog.getByTestId("decision-consequence")).toContainText("$300.00 goes back to the buyer");
  await dialog.getByRole("button", { name: /^Confirm/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(staff.getByText("Dispute Decided").first()).toBeVisible();
  await expect(card).toHaveCount(0);

  const after = await (
    await seller.request.get(pathTo(marketplaceDealPaths.transaction, { id: sale.id }))
  ).json();
  expect(after).toMatchObject({ status: "completed", testMoney: true });
  await staffContext.close();
});
