import { expect, test } from "./fixtures";

const SIGNED_IN_TITLES: Array<[string, string]> = [
  ["/dashboard", "Dashboard · ParkPilot"],
  ["/domains", "Domain Portfolio · ParkPilot"],
  ["/marketplace", "Domain Marketplace · ParkPilot"],
  ["/affiliates", "Affiliate Program · ParkPilot"],
  ["/analytics", "Analytics · ParkPilot"],
  ["/payments", "Payments & Payouts · ParkPilot"],
  ["/settings", "Settings · ParkPilot"],
  ["/checkout/success", "Payment Successful · ParkPilot"],
];

test.describe("tab titles", () => {
  // One test walks every signed-in route, each loading its page's code.
  test.describe.configure({ timeout: 90_000 });
  test("each signed-in route has its own tab title, also after moving through the sidebar", async ({
    page,
    account: _,
  }) => {
    for (const [path, title] of SIGNED_IN_TITLES) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
    await page.goto("/dashboard");
    await page.getByRole("complementary").getByRole("link", { name: "Analytics" }).click();
    await expect(page).toHaveURL(/\/analytics$/);
    await expect(page).toHaveTitle("Analytics · ParkPilot");
  });

  test("the public routes have their titles", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("ParkPilot");
    await page.goto("/login");
    await expect(page).toHaveTitle("Sign In · ParkPilot");
    await page.goto("/privacy");
    await expect(page).toHaveTitle("Privacy Notice · ParkPilot");
    await page.goto("/no-such-page");
    await expect(page).toHaveTitle("Page Not Found · ParkPilot");
  });
});
