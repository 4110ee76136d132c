import type { Locator, Page } from "@playwright/test";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { expect, test } from "./fixtures";

/** Every page of the route table that the demo account can open, and its heading. */
const ROUTES: ReadonlyArray<readonly [string, string]> = [
  ["/", "Save up to 70% on your car insurance"],
  ["/dashboard", "Revenue Dashboard"],
  ["/domains", "Domain Portfolio"],
  ["/marketplace", "Domain Marketplace"],
  ["/affiliates", "Affiliate Program"],
  ["/analytics", "Analytics"],
  ["/payments", "Payments & Payouts"],
  ["/settings", "Settings"],
  ["/privacy", "Privacy Notice"],
];
const WIDTHS = [360, 390, 1440] as const;

test.describe.configure({ timeout: 120_000 });

async function signInAsDemo(page: Page) {
  const res = await page.request.post(AUTH_PATHS.login, {
    data: { usernameOrEmail: "demo@example.com", password: "demo-password" },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The dialog lies wholly inside the viewport, and none of its content is wider than it. */
async function expectInsideViewport(page: Page, dialog: Locator, width: number) {
  await expect(dialog).toBeVisible();
  // Measured once its opening animation (a zoom) has ended, not half-way through it.
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width);
  expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await pageWidth(page)).toBeLessThanOrEqual(width);
}

test(`at ${WIDTHS.join(", ")} px no page of the route table is wider than the screen`, async ({ page }) => {
  await signInAsDemo(page);
  for (const [path, heading] of ROUTES) {
    // Each page is loaded at the narrowest width, then the screen is widened: the page lays itself
    // out again for each width, as it does when a phone turns, without loading it three times.
    await page.setViewportSize({ width: WIDTHS[0], height: 844 });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
    // Wait for the page's reads, so the widest content (tables, long names) is there.
    await page.waitForLoadState("networkidle");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      // Charts size themselves from a resize observer, a frame or more after the window's resize:
      // the page must settle within the screen (a page that stays wider fails after the timeout).
      await expect
        .poll(() => pageWidth(page), { message: `${path} at ${width} px`, timeout: 5_000 })
        .toBeLessThanOrEqual(width);
    }
  }
});

for (const width of WIDTHS) {
  test(`at ${width} px the main dialogs stay inside the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await signInAsDemo(page);

    await page.goto("/domains");
    await expect(page.getByRole("heading", { level: 1, name: "Domain Portfolio" })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("button", { name: "Add Domain" }).first().click();
    await expectInsideViewport(page, page.getByRole("dialog", { name: "Add Domain" }), width);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Manage Domain" }).first().click();
    await expectInsideViewport(page, page.getByRole("dialog"), width);
    await page.keyboard.press("Escape");

    await page.goto("/payments");
    await page.getByRole("button", { name: "Transfer", exact: true }).click({ timeout: 30_000 });
    await expectInsideViewport(page, page.getByRole("dialog", { name: "Transfer to PayPal" }), width);
  });
}

test("on a short phone screen the menu scrolls to the user block and Sign Out", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 560 });
  await signInAsDemo(page);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Open menu" }).click({ timeout: 30_000 });
  const menu = page.getByRole("dialog", { name: "Navigation" });
  const signOut = menu.getByRole("button", { name: "Sign Out" });
  await signOut.scrollIntoViewIfNeeded();
  await expect(signOut).toBeInViewport({ ratio: 1 });
  await signOut.click();
  await expect(page).toHaveURL(/\/login$/);
});

test("domain names on the cards are shown whole, wrapping where a name is long", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page);
  await page.goto("/domains");
  const names = page.getByTestId("domain-card").getByRole("heading", { level: 3 });
  await expect(names.first()).toBeVisible({ timeout: 30_000 });
  const cut = await names.evaluateAll((headings) =>
    headings.filter((h) => h.scrollWidth > h.clientWidth).map((h) => h.textContent),
  );
  expect(cut).toEqual([]);
  // The demo's longest names are among them, and their text is the name itself.
  await expect(names.filter({ hasText: "compareautorates.net" })).toHaveText("compareautorates.net");
});
