import { expect, test } from "./fixtures";

test("a page that needs a tool sells it right there, and Courses links to where Expert Training is sold", async ({
  page,
  account,
}, testInfo) => {
  expect(account.email).toBeTruthy();
  await page.goto("/affiliates/creatives");
  await expect(page.getByRole("alert")).toContainText("Creative Assets");
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`creatives-gate-${width}.png`) });
  }
  await page.getByRole("button", { name: "Buy Creative Assets · $29.00/mo" }).click();
  const dialog = page.getByRole("dialog", { name: "Creative Assets" });
  await expect(dialog.getByTestId("offer-total")).toHaveText("$29.00/mo");
  await dialog.getByRole("button", { name: "Buy Creative Assets" }).click();
  await expect(page).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}/);

  await page.goto("/affiliates/links");
  await expect(page.getByRole("button", { name: "Buy Analytics Pro · $99.00/mo" })).toBeVisible();

  await page.goto("/affiliates/courses");
  await page.getByRole("link", { name: "Affiliates page" }).first().click();
  await expect(page).toHaveURL(/\/affiliates$/);
});
