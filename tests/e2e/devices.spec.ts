import type { Browser, Page } from "@playwright/test";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { OFFERS } from "../../shared/catalog";
import { pathTo } from "../../shared/path-to";
import { expect, registerThroughApi, test, toast, uniqueAccount } from "./fixtures";
import { withMailSink } from "./mail-sink";

// Two browsers, a purchase and a poll every 3 s per test.
test.describe.configure({ timeout: 60_000 });

/**
 * Registers a new account on `page` and buys it Enhanced Security add-ons, paid in the sandbox;
 * answers the account's details.
 */
async function accountWithAddOns(page: Page, features: string[]) {
  const account = uniqueAccount();
  await registerThroughApi(page, account);
  const body = { level: "basic", features, price: "0" };
  const price = OFFERS.securityUpgrade.price(body as never);
  const order = await page.request.post(OFFERS.securityUpgrade.path, { data: { ...body, price } });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };
  const paid = await page.request.post(
    `${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`,
    {
      maxRedirects: 0,
    },
  );
  expect(paid.status()).toBe(303);
  return account;
}

/** A browser the account never signed in on, at the sign-in form with the account's details typed in. */
async function newDeviceSignsIn(
  browser: Browser,
  baseURL: string,
  account: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Username or Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  return { context, page };
}

test.describe("device management", () => {
  test("a new device waits for approval; a signed-in device approves it and it signs in by itself", async ({
    page,
    browser,
    baseURL,
  }) => {
    const account = await accountWithAddOns(page, ["device-management"]);

    const laptop = await newDeviceSignsIn(browser, baseURL ?? "", account);
    try {
      await expect(laptop.page.getByRole("heading", { name: "Approve this device" })).toBeVisible();
      await expect(laptop.page).toHaveURL(/\/login$/);

      await page.goto("/settings");
      const devices = page.getByRole("region", { name: "Devices", exact: true });
      const waiting = devices.getByRole("listitem").filter({ hasText: "Waiting for approval" });
      await expect(waiting).toHaveCount(1);
      await waiting.getByRole("button", { name: "Approve" }).click();
      await expect(toast(page)).toContainText("Device Approved");

      await expect(laptop.page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
      await expect(waiting).toHaveCount(0);

      // Removed, the laptop is signed out.
      const laptopRow = devices.getByRole("listitem").filter({ hasNotText: "This device" });
      await laptopRow.getByRole("button", { name: "Remove" }).click();
      await expect(devices.getByRole("listitem")).toHaveCount(1, { timeout: 15_000 });
      await laptop.page.goto("/settings");
      await expect(laptop.page).toHaveURL(/\/login$/);
    } finally {
      await laptop.context.close();
    }
  });

  test("the emailed link approves a waiting device", async ({ page, browser, baseURL }) => {
    const account = await accountWithAddOns(page, ["device-management"]);
    await page.request.post(AUTH_PATHS.logout, { data: {} });

    await withMailSink(async (smtp) => {
      const phone = await newDeviceSignsIn(browser, baseURL ?? "", account);
      try {
        await expect(phone.page.getByRole("heading", { name: "Approve this device" })).toBeVisible();
        // The add-on's receipt goes to the same address, and may arrive after the sink starts.
        const mail = await smtp.mailTo(account.email, 10_000, "Approve a sign-in to your ParkPilot account");
        const link = new URL(/https?:\/\/\S+approve-device\S+/.exec(mail.text)?.[0] ?? "");

        // Opening the link approves nothing until asked.
        await page.goto(`${link.pathname}${link.search}`);
        await expect(page.getByRole("heading", { name: "Approve a New Device" })).toBeVisible();
        await page.getByRole("button", { name: "Approve This Device" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Device approved" })).toBeVisible();

        await expect(phone.page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
      } finally {
        await phone.context.close();
      }
    });
  });
});

test.describe("incident response", () => {
  test("Lock Down My Account signs the other device out, freezes payouts and guides the recovery", async ({
    page,
    browser,
    baseURL,
  }) => {
    const account = await accountWithAddOns(page, ["incident-response"]);
    const other = await newDeviceSignsIn(browser, baseURL ?? "", account);
    try {
      await expect(other.page).toHaveURL(/\/dashboard$/);

      await page.goto("/settings");
      const card = page.getByRole("region", { name: "Incident Response" });
      await card.getByRole("button", { name: "Lock Down My Account" }).click();
      const dialog = page.getByRole("dialog", { name: "Lock down your account?" });
      await dialog.getByRole("button", { name: "Lock Down", exact: true }).click();
      await expect(toast(page)).toContainText("Account Locked Down");
      const checklist = card.getByRole("region", { name: "Recovery checklist" });
      await expect(checklist).toContainText(
        "Payouts stay frozen and nothing else signs in, by password or passkey, until you choose a new password.",
      );

      await other.page.goto("/settings");
      await expect(other.page).toHaveURL(/\/login$/);
      // The old password, which an intruder may know, signs in nowhere until a new one is chosen.
      await other.page.getByLabel("Username or Email").fill(account.email);
      await other.page.getByLabel("Password", { exact: true }).fill(account.password);
      await other.page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(toast(other.page)).toContainText("This account is locked down.");
      await expect(other.page).toHaveURL(/\/login$/);
      const payout = await page.request.post(PAYMENT_PATHS.payout, {
        data: { amount: 60, paypalEmail: "me@wallet.test" },
      });
      expect(payout.status()).toBe(403);

      await checklist.getByRole("link", { name: "Change your password" }).click();
      await page.getByLabel("Current Password").fill(account.password);
      await page.getByLabel("New Password", { exact: true }).fill("recovered-password-1");
      await page.getByLabel("Confirm New Password").fill("recovered-password-1");
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(checklist).toHaveCount(0);
    } finally {
      await other.context.close();
    }
  });
});
