import { DOMAIN_PATHS } from "../../shared/api/domains";
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

const uniqueName = () => `plan-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}.com`;

test("a free owner sees the domain limit before reaching it, and Add Domain is closed at it", async ({
  page,
  account: _,
}) => {
  const csv = `name\n${Array.from({ length: 49 }, uniqueName).join("\n")}\n`;
  const imported = await page.request.post(DOMAIN_PATHS.import, {
    headers: { "content-type": "text/csv" },
    data: csv,
  });
  expect(imported.status(), await imported.text()).toBe(201);

  await page.goto("/domains");
  const limits = page.getByRole("region", { name: "Plan limits" });
  await expect(limits).toContainText("49 of 50 domains on the Free plan.", { timeout: 30_000 });
  await expect(limits).toContainText("0 of 10 parking-report imports today on the Free plan.");

  await page.getByRole("button", { name: "Add Domain" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Domain" });
  await expect(dialog).toContainText("49 of 50 domains on the Free plan.");
  await dialog.getByLabel("Domain name").fill(uniqueName());
  await dialog.getByRole("button", { name: "Add Domain" }).click();
  await expect(dialog).toBeHidden();

  await expect(limits).toContainText("50 of 50 domains on the Free plan. Pro allows 250");
  await page.getByRole("button", { name: "Add Domain" }).first().click();
  await expect(dialog.getByRole("button", { name: "Add Domain" })).toBeDisabled();
  await expect(dialog.getByRole("link", { name: "see the plans" })).toBeVisible();
  await page.screenshot({ path: "test-results/plans-domain-limit.png" });
});
