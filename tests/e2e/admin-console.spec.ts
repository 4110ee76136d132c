import { totpCode } from "../factories/two-factor";
import { expect, registerThroughApi, test, uniqueAccount } from "./fixtures";

test("a signed-in owner who is not staff sees the not-found page at /admin", async ({ page, account }) => {
  expect(account.email).toBeTruthy();
  await page.goto("/admin/work-orders");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" })).toHaveCount(0);
});

test("staff signed in with a second factor get the console and its sections", async ({ page }) => {
  const staff = uniqueAccount({ email: "console-staff@example.com" });
  await registerThroughApi(page, staff);
  // Staff without a second factor are not let in.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();

  const setup = await (await page.request.post("/api/auth/2fa/setup", { data: {} })).json();
  expect(
    (await page.request.post("/api/auth/2fa/enable", { data: { code: totpCode(setup.secret) } })).ok(),
  ).toBe(true);
  await page.request.post("/api/auth/logout", { data: {} });
  const login = await page.request.post("/api/auth/login", {
    data: { usernameOrEmail: staff.email, password: staff.password },
  });
  expect((await login.json()).twoFactorRequired).toBe(true);
  expect(
    (await page.request.post("/api/auth/2fa/verify", { data: { code: totpCode(setup.secret, 1) } })).ok(),
  ).toBe(true);

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/work-orders$/);
  const nav = page.getByRole("navigation", { name: "Console" });
  for (const label of ["Work orders", "Tickets", "Refunds", "Payouts", "Leads", "Users"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await nav.getByRole("link", { name: "Refunds" }).click();
  await expect(page.getByRole("heading", { name: "Refunds" })).toBeVisible();
});
