import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

async function seriousViolations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("accessibility", () => {
  test("the landing page has no serious accessibility problems", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Get Free Quotes Now" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the sign-in page has no serious accessibility problems", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the dashboard shell has no serious accessibility problems", async ({ page, account: _ }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
