import type { Page } from "@playwright/test";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { OPEN_DIALOG, seriousViolations } from "./axe";
import { expect, test, toast } from "./fixtures";
import { withMailSink } from "./mail-sink";

/** The first visit compiles the page in the development server; later ones are quick. */
const FIRST_LOAD = { timeout: 30_000 };
test.describe.configure({ timeout: 90_000 });

const card = (page: Page, title: string) => page.getByRole("region", { name: title });

async function openSettings(page: Page) {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible(FIRST_LOAD);
}

/** Reloads from scratch and waits for the cards to have their saved values. */
async function reloadSettings(page: Page) {
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible(FIRST_LOAD);
  await expect(page.getByRole("switch", { name: "Revenue Alerts" })).toBeVisible(FIRST_LOAD);
  await expect(page.getByLabel("Minimum Payout Amount")).toBeVisible(FIRST_LOAD);
}

test("profile changes are saved, shown in the sidebar and kept after a reload", async ({ page, account }) => {
  await openSettings(page);
  const profile = card(page, "Profile Settings");
  await expect(profile.getByLabel("Full Name")).toHaveValue(account.name);
  await expect(profile.getByLabel("Email")).toHaveValue(account.email);

  const renamed = { name: "Morgan Reyes", username: `${account.username}_new` };
  await profile.getByLabel("Full Name").fill(renamed.name);
  await profile.getByLabel("Username").fill(renamed.username);
  await profile.getByRole("button", { name: "Save Profile" }).click();

  await expect(toast(page)).toContainText("Profile Updated");
  await expect(page.getByRole("complementary")).toContainText(renamed.name);
  await reloadSettings(page);
  await expect(card(page, "Profile Settings").getByLabel("Full Name")).toHaveValue(renamed.name);
  await expect(card(page, "Profile Settings").getByLabel("Username")).toHaveValue(renamed.username);
});

test("a username another account has is refused with the server's message and nothing changes", async ({
  page,
  account,
  existingAccount,
}) => {
  await openSettings(page);
  const profile = card(page, "Profile Settings");
  await profile.getByLabel("Username").fill(existingAccount.username);
  await profile.getByRole("button", { name: "Save Profile" }).click();

  await expect(toast(page)).toContainText("This username is already taken.");
  await reloadSettings(page);
  await expect(card(page, "Profile Settings").getByLabel("Username")).toHaveValue(account.username);
});

test("a new email waits for the link mailed to it: Settings says so, and opening it makes the change", async ({
  page,
  account,
}) => {
  await openSettings(page);
  const profile = card(page, "Profile Settings");
  await expect(profile.getByRole("status")).toContainText("not confirmed yet");
  const moved = `moved-${account.email}`;
  const link = await withMailSink(async (smtp) => {
    await profile.getByLabel("Email").fill(moved);
    await profile.getByRole("button", { name: "Save Profile" }).click();
    await expect(toast(page)).toContainText("Confirm Your New Email");
    const mail = await smtp.mailTo(moved, 10_000, "Confirm your ParkPilot email");
    return new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
  });
  await expect(profile.getByRole("status")).toContainText(`Waiting for confirmation: ${moved}`);
  await expect(profile.getByLabel("Email")).toHaveValue(account.email);

  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Confirm Email" }).click();
  await expect(page.getByRole("status")).toContainText("Your email is confirmed");

  await openSettings(page);
  await expect(card(page, "Profile Settings").getByLabel("Email")).toHaveValue(moved, FIRST_LOAD);
  await expect(card(page, "Profile Settings").getByRole("status")).toHaveCount(0);
});

test("notification switches are saved as they are flipped and kept after a reload", async ({
  page,
  account: _,
}) => {
  await openSettings(page);
  const notifications = card(page, "Notifications");
  const revenue = notifications.getByRole("switch", { name: "Revenue Alerts" });
  const expiry = notifications.getByRole("switch", { name: "Domain Expiry Warnings" });
  const affiliate = notifications.getByRole("switch", { name: "Affiliate Updates" });
  await expect(revenue).toHaveAttribute("aria-checked", "true");
  await expect(expiry).toHaveAttribute("aria-checked", "true");
  await expect(affiliate).toHaveAttribute("aria-checked", "false");

  await revenue.click();
  await expect(toast(page)).toContainText("Settings Updated");
  await expect(revenue).toBeEnabled();
  await affiliate.click();
  await expect(affiliate).toHaveAttribute("aria-checked", "true");
  await expect(affiliate).toBeEnabled();

  await reloadSettings(page);
  const reloaded = card(page, "Notifications");
  await expect(reloaded.getByRole("switch", { name: "Revenue Alerts" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await expect(reloaded.getByRole("switch", { name: "Domain Expiry Warnings" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(reloaded.getByRole("switch", { name: "Affiliate Updates" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
});

test("payout settings refuse a minimum under $50, then save minimum, frequency and auto payout", async ({
  page,
  account: _,
}) => {
  await openSettings(page);
  const payout = card(page, "Payout Settings");
  const minimum = payout.getByLabel("Minimum Payout Amount");
  const frequency = payout.getByLabel("Payout Frequency");
  const auto = payout.getByRole("switch", { name: "Auto Payout" });
  await expect(minimum).toHaveValue("50.00");
  await expect(frequency).toHaveValue("weekly");
  await expect(auto).toHaveAttribute("aria-checked", "true");

  let saves = 0;
  page.on("request", (req) => {
    if (req.method() === "PUT" && req.url().endsWith(PAYMENT_PATHS.settings)) saves += 1;
  });
  await minimum.fill("40");
  await payout.getByRole("button", { name: "Save Payout Settings" }).click();
  await expect(payout.getByText("Minimum payout must be at least $50.")).toBeVisible();
  expect(saves).toBe(0);

  await minimum.fill("75.50");
  await frequency.selectOption("monthly");
  await auto.click();
  await payout.getByRole("button", { name: "Save Payout Settings" }).click();
  await expect(toast(page)).toContainText("Settings Updated");
  expect(saves).toBe(1);

  await reloadSettings(page);
  const reloaded = card(page, "Payout Settings");
  await expect(reloaded.getByLabel("Minimum Payout Amount")).toHaveValue("75.50");
  await expect(reloaded.getByLabel("Payout Frequency")).toHaveValue("monthly");
  await expect(reloaded.getByRole("switch", { name: "Auto Payout" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
});

test("changing the password checks the rules, then keeps this session and takes the new password", async ({
  page,
  account,
}) => {
  await openSettings(page);
  const security = card(page, "Security");
  const change = security.getByRole("button", { name: "Change Password" });
  await expect(change).toBeDisabled();

  await security.getByLabel("Current Password").fill(account.password);
  await security.getByLabel("New Password", { exact: true }).fill("brand-new-secret");
  await expect(change).toBeEnabled();
  await security.getByLabel("Confirm New Password").fill("something-else");
  await change.click();
  await expect(toast(page)).toContainText("New password and confirmation don't match.");

  await security.getByLabel("New Password", { exact: true }).fill("short");
  await security.getByLabel("Confirm New Password").fill("short");
  await change.click();
  await expect(toast(page)).toContainText("Password must be at least 8 characters long.");

  await security.getByLabel("Current Password").fill("not-my-password");
  await security.getByLabel("New Password", { exact: true }).fill("brand-new-secret");
  await security.getByLabel("Confirm New Password").fill("brand-new-secret");
  await change.click();
  await expect(toast(page)).toContainText("Current password is incorrect.");

  await security.getByLabel("Current Password").fill(account.password);
  await change.click();
  await expect(toast(page)).toContainText("Password Changed");
  await expect(security.getByLabel("Current Password")).toHaveValue("");

  await reloadSettings(page);
  const login = (password: string) =>
    page.request.post(AUTH_PATHS.login, { data: { usernameOrEmail: account.email, password } });
  expect((await login(account.password)).status()).toBe(401);
  expect((await login("brand-new-secret")).status()).toBe(200);
});

test("the account shows the free plan until a paid plan order makes it Business", async ({
  page,
  account: _,
}) => {
  await openSettings(page);
  await expect(page.getByTestId("account-plan")).toContainText("Free");

  await page.getByRole("button", { name: "Upgrade Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Premium Account" });
  // The plan table shows each plan's limits, from the catalogue.
  const table = dialog.getByRole("table", { name: "What each plan includes" });
  await expect(table.getByRole("row", { name: /Domains in the portfolio/ })).toContainText("50");
  await expect(table.getByRole("columnheader", { name: /Free/ })).toContainText("Your plan");
  await dialog.getByRole("group", { name: "Plan" }).getByText("Business", { exact: true }).click();
  await expect(dialog.getByTestId("offer-total")).toHaveText("$79.00/month");
  await dialog.getByRole("button", { name: "Upgrade Account" }).click();

  await expect(page).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("order-renewal")).toContainText("/month, renews on");
  await page.getByRole("button", { name: "Pay with Stripe" }).click(FIRST_LOAD);
  await page.getByRole("button", { name: "Pay $79.00" }).click();
  await expect(page).toHaveURL(/\/checkout\/success/, FIRST_LOAD);
  await expect(page.getByTestId("order-activated")).toContainText("Account Upgraded!");

  await openSettings(page);
  await expect(page.getByTestId("account-plan")).toContainText("Business");
  await expect(card(page, "Account plan")).toContainText("Priority support");
  await expect(card(page, "Account plan")).toContainText("1,000 domains");
});

test("the settings page and the security dialog have no serious accessibility problems", async ({
  page,
  account: _,
}) => {
  await openSettings(page);
  await expect(page.getByLabel("Minimum Payout Amount")).toBeVisible(FIRST_LOAD);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Enhance Security" }).click();
  await expect(page.getByRole("dialog", { name: "Enhanced Security" })).toBeVisible();
  expect(await seriousViolations(page, OPEN_DIALOG)).toEqual([]);
});

test("an account is deleted from Settings once its email is typed, and cannot sign in again", async ({
  page,
  account,
}) => {
  await openSettings(page);
  await card(page, "Delete Account").getByRole("button", { name: "Delete Account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  const confirm = dialog.getByRole("button", { name: "Delete My Account" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your email/).fill("someone-else@example.com");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/Type your email/).fill(account.email.toUpperCase());
  await confirm.click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page)).toContainText("Account Deleted");
  const again = await page.request.post(AUTH_PATHS.login, {
    data: { usernameOrEmail: account.email, password: account.password },
  });
  expect(again.status()).toBe(401);
});
