import type { Page } from "@playwright/test";

/** The toasts on screen (spec: one visible at a time). */
export function toast(page: Page) {
  return page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
}
