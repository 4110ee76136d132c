import { expect, test } from "./fixtures";
import { signInAsStaff } from "./staff";

test("a signed-in owner who is not staff sees the not-found page at /admin", async ({ page, account }) => {
  expect(account.email).toBeTruthy();
  await page.goto("/admin/work-orders");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" })).toHaveCount(0);
});

test("staff signed in with a second factor get the console and its sections", async ({ page }) => {
  await signInAsStaff(page, "console-staff@example.com");

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/work-orders$/);
  const nav = page.getByRole("navigation", { name: "Console" });
  for (const label of ["Work orders", "Tickets", "Refunds", "Payouts", "Leads", "Users"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await nav.getByRole("link", { name: "Refunds" }).click();
  await expect(page.getByRole("heading", { name: "Refunds" })).toBeVisible();
});
