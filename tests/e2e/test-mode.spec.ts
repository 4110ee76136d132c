import { expect, test } from "@playwright/test";
import { TEST_MODE_BANNER } from "../../shared/test-mode";

// The browser tests run the production build with PAYMENTS_SANDBOX=true: test money, said everywhere.
test.describe("while payments run in the sandbox", () => {
  for (const path of ["/", "/login", "/privacy"]) {
    test(`${path} says it is test mode`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("note").filter({ hasText: TEST_MODE_BANNER })).toBeVisible();
    });
  }
});
