import { expect, test } from "./fixtures";

test.describe("route guards", () => {
  for (const path of ["/dashboard", "/settings", "/checkout/success", "/checkout/service/abc"]) {
    test(`a signed-out visitor opening ${path} is sent to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    });
  }

  test("a spinner shows while the session is being checked", async ({ page }) => {
    await page.route("**/api/auth/me", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto("/dashboard");
    await expect(page.getByRole("status").filter({ hasText: "Checking your session" })).toBeAttached();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the header's Admin Dashboard link takes a signed-out visitor to /login", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a signed-in user opening /login is sent to /dashboard", async ({ page, account }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("complementary").getByText(account.name)).toBeVisible();
  });

  test("checkout pages render without the sidebar for a signed-in user", async ({ page, account: _ }) => {
    await page.goto("/checkout/success");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("complementary")).toHaveCount(0);
  });

  test("an unknown path shows the 404 page", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });
});
