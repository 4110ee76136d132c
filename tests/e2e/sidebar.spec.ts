import { expect, test } from "./fixtures";

const LINKS = [
  ["Dashboard", "/dashboard"],
  ["Domain Portfolio", "/domains"],
  ["Marketplace", "/marketplace"],
  ["Affiliates", "/affiliates"],
  ["Analytics", "/analytics"],
  ["Reports", "/reports"],
  ["Payments", "/payments"],
  ["Settings", "/settings"],
] as const;

test.describe("sidebar shell", () => {
  test("lists every section and marks the current one", async ({ page, account: _ }) => {
    await page.goto("/dashboard");
    const nav = page.getByRole("complementary").getByRole("navigation", { name: "Main" });
    for (const [label, href] of LINKS) {
      await expect(nav.getByRole("link", { name: label })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Payments" }).click();
    await expect(page).toHaveURL(/\/payments$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payments & Payouts" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Payments" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
  });

  test("today's revenue shows a dash while the figure is unavailable, never a made-up number", async ({
    page,
    account: _,
  }) => {
    await page.route("**/api/revenue/dashboard", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"down"}' }),
    );
    await page.goto("/dashboard");
    const box = page.getByRole("region", { name: "Today's Revenue" });
    await expect(box).toContainText("—");
    await expect(box).not.toContainText("$");
  });

  test("today's revenue shows the amount and its change when the server has them", async ({
    page,
    account: _,
  }) => {
    await page.route("**/api/revenue/dashboard", (route) =>
      route.fulfill({ json: { metrics: { todayRevenue: "1234.5", todayChangePercent: 12.5 } } }),
    );
    await page.goto("/dashboard");
    const box = page.getByRole("region", { name: "Today's Revenue" });
    await expect(box).toContainText("$1,234.50");
    await expect(box).toContainText("+12.5%");
  });

  test("on a phone the sidebar opens from the menu button", async ({ page, account }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    await expect(page.getByRole("complementary")).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog");
    await expect(drawer.getByText(account.name)).toBeVisible();
    await drawer.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
