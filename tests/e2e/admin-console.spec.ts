import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { expect, registerThroughApi, test, toast, uniqueAccount } from "./fixtures";
import { signInAsStaff } from "./staff";
import { sendVisitorLead } from "./visitor-lead";

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
  for (const label of ["Work orders", "Tickets", "Refunds", "Payouts", "Leads", "Users", "Appraisals"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  await nav.getByRole("link", { name: "Refunds" }).click();
  await expect(page.getByRole("heading", { name: "Refunds" })).toBeVisible();
});

test("staff find a lead by its host and return it with a reason", async ({ page, request }) => {
  // A lead on one of the demo account's verified parked domains, from an address no other test uses.
  const host = "quickautocover.com";
  const email = `returned-${Date.now().toString(36)}@example.com`;
  const lead = await sendVisitorLead(request, host, {
    email,
    zipCode: "10001",
    source: "car-insurance-landing",
    value: 75,
  });
  expect(lead.status(), await lead.text()).toBe(201);
  await signInAsStaff(page, "staff-leads@example.com");

  await page.goto("/admin/leads");
  await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Host", { exact: true }).fill(host);
  await page.getByRole("button", { name: "Search" }).click();
  const byHost = page.getByRole("list", { name: "Leads by host" });
  await expect(byHost).toContainText(host);
  const returnedBefore = Number(/(\d+) returned/.exec((await byHost.textContent()) ?? "")?.[1]);
  const row = page.getByRole("table", { name: "Leads" }).getByRole("row").filter({ hasText: email });
  await expect(row).toContainText(host);

  await row.getByRole("button", { name: "Return" }).click();
  const dialog = page.getByRole("dialog", { name: "Return lead" });
  await expect(dialog.getByRole("button", { name: "Return Lead" })).toBeDisabled();
  await dialog.getByLabel("Reason").fill("A duplicate of a lead the insurer already had");
  await dialog.getByRole("button", { name: "Return Lead" }).click();
  await expect(toast(page)).toContainText("Lead Returned");
  await expect(row).toContainText("Returned");
  await expect(byHost).toContainText(`${returnedBefore + 1} returned`);
});

test("staff find an account, suspend it with a reason, and restore it", async ({ page, browser }) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  const account = uniqueAccount();
  await registerThroughApi(ownerPage, account);
  await signInAsStaff(page, "staff-users@example.com");

  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Email, username or name").fill(account.email);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: account.email });
  await row.getByRole("button", { name: "Review" }).click();
  const dialog = page.getByRole("dialog", { name: account.name });
  await expect(dialog.getByRole("button", { name: "Suspend Account" })).toBeDisabled();
  await dialog.getByLabel("Reason to suspend").fill("Chargebacks on every order");
  await dialog.getByRole("button", { name: "Suspend Account" }).click();
  await expect(toast(page)).toContainText("Account Suspended");
  await expect(dialog).toContainText("Chargebacks on every order");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(row).toContainText("Suspended");

  // The owner's session has ended, and signing in again is refused with the reason to call support.
  expect((await ownerPage.request.get(AUTH_PATHS.me)).status()).toBe(401);
  const refused = await ownerPage.request.post(AUTH_PATHS.login, {
    data: { usernameOrEmail: account.email, password: account.password },
  });
  expect(refused.status()).toBe(403);

  await row.getByRole("button", { name: "Review" }).click();
  await dialog.getByRole("button", { name: "Restore Account" }).click();
  await expect(toast(page)).toContainText("Account Restored");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(row).not.toContainText("Suspended");
  const again = await ownerPage.request.post(AUTH_PATHS.login, {
    data: { usernameOrEmail: account.email, password: account.password },
  });
  expect(again.status()).toBe(200);
  await owner.close();
});
