import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * The toast on screen. Found by its place rather than by role: a toast raised while a modal
 * dialog is open sits in a region the dialog hides from the accessibility tree (screen readers
 * still hear it through the toast's own announcement).
 */
export const toast = (page: Page) => page.locator("[aria-label^='Notifications'] li[data-state='open']");

export const inviteDialog = (page: Page) => page.getByRole("dialog", { name: "Invite Affiliate" });
export const statCard = (page: Page, title: string) =>
  page.getByRole("region", { name: "Affiliate statistics" }).getByRole("group", { name: title });

/** The page's first load compiles it on a cold development server: allow for that once. */
export async function openAffiliates(page: Page) {
  await page.goto("/affiliates");
  await expect(page.getByRole("heading", { name: "Affiliate Program", level: 1 })).toBeVisible({
    timeout: 60_000,
  });
}

/** Invites `email` from the dialog at the level it starts on (level 1). */
export async function inviteThroughDialog(page: Page, email: string) {
  await page.getByRole("button", { name: "Invite Affiliate", exact: true }).click();
  const dialog = inviteDialog(page);
  await dialog.getByLabel("Email Address").fill(email);
  await dialog.getByRole("button", { name: "Send Invitation" }).click();
}
