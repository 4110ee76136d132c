import type { Page } from "@playwright/test";

/** The toasts on screen (spec: one visible at a time), in the browser tests and the system suite's. */
export function toast(page: Page) {
  return page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
}
