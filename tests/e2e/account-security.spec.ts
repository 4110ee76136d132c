import type { Page } from "@playwright/test";
import { totpCode } from "../factories/two-factor";
import { expect, test, toast } from "./fixtures";
import { withMailSink } from "./mail-sink";

async function signIn(page: Page, login: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username or Email").fill(login);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Settings, once its page has loaded (the first load of its chunk is slow on a busy machine). */
async function openSettings(page: Page) {
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible({ timeout: 30_000 });
}

test.describe("account security", () => {
  test.describe.configure({ timeout: 60_000 });
  test("enrolling two-factor sign-in in Settings, then signing in with a code", async ({ page, account }) => {
    await openSettings(page);
    const card = page.getByRole("region", { name: /Two-Factor Sign-In/ });
    await expect(card.getByText("Off", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();

    const qr = card.getByRole("img", { name: "QR code for your authenticator app" });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const secret = (await card.locator("code").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByLabel("Code from the app").fill(totpCode(secret));
    await card.getByRole("button", { name: "Turn On" }).click();

    const codes = card.getByRole("region", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    await card.getByRole("button", { name: "I've Saved Them" }).click();
    await expect(card.getByText("On", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Security Activity" })).toContainText(
      "Two-factor sign-in turned on",
    );

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, account.username, account.password);
    await expect(page.getByLabel("Authentication Code")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // The enrolment used this step's code; the next step's is new and still within the window.
    await page.getByLabel("Authentication Code").fill(totpCode(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("turning two-factor sign-in off takes a code: a wrong one is refused, the right one turns it off", async ({
    page,
    account: _account,
  }) => {
    await openSettings(page);
    const card = page.getByRole("region", { name: /Two-Factor Sign-In/ });
    await card.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();
    const secret = (await card.locator("code").textContent())?.trim() ?? "";
    await card.getByLabel("Code from the app").fill(totpCode(secret));
    await card.getByRole("button", { name: "Turn On" }).click();
    await card.getByRole("button", { name: "I've Saved Them" }).click();
    await expect(card.getByText("On", { exact: true })).toBeVisible();

    const code = card.getByLabel("Authenticator or recovery code");
    await expect(card.getByRole("button", { name: "Turn Off" })).toBeDisabled();
    await code.fill("000000");
    await card.getByRole("button", { name: "Turn Off" }).click();
    await expect(toast(page)).toBeVisible();
    await expect(card.getByText("On", { exact: true })).toBeVisible();

    await code.fill(totpCode(secret, 1));
    await card.getByRole("button", { name: "Turn Off" }).click();
    await expect(toast(page).filter({ hasText: "Two-Factor Sign-In Off" })).toBeVisible();
    await expect(card.getByText("Off", { exact: true })).toBeVisible();
  });

  test("lists this device among the signed-in sessions", async ({ page, account: _account }) => {
    await openSettings(page);
    const devices = page.getByRole("region", { name: "Signed-In Devices" });
    await expect(devices.getByText("This device")).toBeVisible();
    // Playwright's desktop Chrome names itself Chrome on Windows.
    await expect(devices).toContainText("Chrome on Windows");
  });

  test("Forgot password? mails a link that sets a new password", async ({ page, existingAccount }) => {
    await withMailSink(async (smtp) => {
      await page.goto("/login");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await page.getByLabel("Email").fill(existingAccount.email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expect(page.getByRole("status").filter({ hasText: "on its way" })).toBeVisible();

      const mail = await smtp.mailTo(existingAccount.email, 10_000, "Reset your ParkPilot password");
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByLabel("New Password", { exact: true }).fill("my-new-password-1");
      await page.getByLabel("Confirm New Password").fill("my-new-password-1");
      await page.getByRole("button", { name: "Set New Password" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(toast(page)).toContainText("Password Changed");

      await signIn(page, existingAccount.email, "my-new-password-1");
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });

  for (const [label, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["390 px", { width: 390, height: 844 }],
  ] as const) {
    test(`the security sections fit a ${label} screen`, async ({ page, account: _account }, testInfo) => {
      await page.setViewportSize(viewport);
      await openSettings(page);
      const card = page.getByRole("region", { name: /Two-Factor Sign-In/ });
      await card.getByRole("button", { name: "Set Up Two-Factor Sign-In" }).click();
      await expect(card.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Signed-In Devices" }).getByText("This device"),
      ).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      for (const name of [/Two-Factor Sign-In/, "Signed-In Devices", "Security Activity"]) {
        const region = page.getByRole("region", { name });
        const box = await region.boundingBox();
        expect(box?.width ?? 0).toBeLessThanOrEqual(viewport.width);
        await region.screenshot({
          path: testInfo.outputPath(`${String(name).replace(/\W+/g, "-")}-${viewport.width}.png`),
        });
      }
    });
  }
});
