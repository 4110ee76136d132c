import type { Page } from "@playwright/test";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

async function signInAsDemo(page: Page) {
  const res = await page.request.post(AUTH_PATHS.login, {
    data: { usernameOrEmail: "demo@example.com", password: "demo-password" },
  });
  expect(res.status()).toBe(200);
}

/** Every page of the route table, each with something that shows it has rendered. */
const PUBLIC_PAGES = [
  { path: "/", ready: /Get Free Quotes Now/ },
  { path: "/login", ready: /Sign In/ },
  { path: "/forgot-password", ready: /Send Reset Link/ },
  { path: "/reset-password?token=a11y", ready: /Set New Password/ },
  { path: "/privacy", ready: /Privacy/ },
  { path: "/no-such-page", ready: /404 Page Not Found/ },
];
/** The signed-in pages; `dialogs` marks those whose dialogs are opened from the keyboard too. */
const SIGNED_IN_PAGES = [
  { path: "/dashboard", ready: /Today's Revenue/, dialogs: true },
  { path: "/domains", ready: /Domain Portfolio/, dialogs: true },
  { path: "/marketplace", ready: /Domain Marketplace/, dialogs: true },
  { path: "/affiliates", ready: /Affiliate Program/, dialogs: true },
  { path: "/analytics", ready: /Analytics/, dialogs: true },
  { path: "/payments", ready: /Payments & Payouts/, dialogs: true },
  { path: "/settings", ready: /Profile Settings/, dialogs: true },
  { path: "/checkout/success", ready: /payment/i, dialogs: false },
];

test.describe("accessibility, signed out", () => {
  for (const { path, ready } of PUBLIC_PAGES) {
    test(`${path} has no serious or critical violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("accessibility, signed in", () => {
  // The demo portfolio's pages are large: a sign-in, the page, its quiet network, axe over every
  // node and each dialog from the keyboard take more than the default 30 s on two busy cores.
  test.describe.configure({ timeout: 120_000 });
  for (const { path, ready, dialogs } of SIGNED_IN_PAGES) {
    const title = dialogs
      ? `${path} has no serious or critical violations, and every dialog on it opens with Enter, keeps focus inside, and closes with Escape`
      : `${path} has no serious or critical violations`;
    // One page load serves both checks: the page is scanned as it first settles, then its dialogs are opened.
    test(title, async ({ page }) => {
      await signInAsDemo(page);
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page)).toEqual([]);
      if (dialogs) await everyDialogFromTheKeyboard(page, path);
    });
  }

  test("/checkout/service/{id} has no serious or critical violations", async ({ page, account: _ }) => {
    const domain = await page.request.post(DOMAIN_PATHS.list, { data: { name: `a11y-${Date.now()}.com` } });
    const order = await page.request.post("/api/domain-services/appraisal", {
      data: { type: "basic", price: "29.99", domainId: ((await domain.json()) as { id: string }).id },
    });
    const { orderId } = (await order.json()) as { orderId: string };
    await page.goto(`/checkout/service/${orderId}`);
    await expect(page.getByText(/Basic Appraisal|appraisal/i).first()).toBeVisible({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

/** Opens every enabled dialog trigger on the page with Enter: focus stays inside, Escape closes it and returns focus. */
async function everyDialogFromTheKeyboard(page: Page, path: string) {
  const triggers = page.locator('[aria-haspopup="dialog"]:visible');
  await expect(triggers.first(), `no dialog triggers found on ${path}`).toBeVisible({ timeout: 15_000 });
  const count = await triggers.count();
  expect(count, `no dialog triggers found on ${path}`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const trigger = triggers.nth(i);
    if (!(await trigger.isEnabled())) continue;
    const name =
      (await trigger.textContent())?.trim() || (await trigger.getAttribute("aria-label")) || `#${i}`;
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog, `${name} did not open a dialog`).toBeVisible();
    for (let tab = 0; tab < 4; tab++) {
      await page.keyboard.press("Tab");
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement));
      expect(inside, `focus left the "${name}" dialog`).toBe(true);
    }
    // Escape closes the newest layer first: a toast that appeared while the dialog was open (a
    // toast is a dismissable layer too) takes the first press, the dialog the next.
    await expect(async () => {
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden({ timeout: 2_000 });
    }, `${name} did not close on Escape`).toPass({ timeout: 15_000 });
    await expect(trigger, `focus did not return to "${name}"`).toBeFocused();
  }
}
