import { expect, test } from "./fixtures";

test("a lead invoice's pay link opens signed out; a wrong token shows that no invoice was found", async ({
  page,
}) => {
  await page.goto("/pay/invoice/not-a-real-invoice-token");
  await expect(page.getByRole("heading", { name: "Lead Invoice", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("alert")).toHaveText("Invoice not found");
  await expect(page).toHaveURL(/\/pay\/invoice\/not-a-real-invoice-token$/);
  await expect(page.getByRole("button", { name: /Pay with/ })).toHaveCount(0);
});
