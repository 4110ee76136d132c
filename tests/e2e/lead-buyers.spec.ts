import { expect, test, toast } from "./fixtures";
import { signInAsStaff } from "./staff";

test("staff add a lead buyer paused, see it listed with its filters, and open its log", async ({ page }) => {
  await signInAsStaff(page, "staff-lead-buyers@example.com");
  await page.goto("/admin/lead-buyers");
  await expect(page.getByRole("heading", { name: "Lead buyers", level: 1 })).toBeVisible({ timeout: 30_000 });
  // The browser tests run in test mode with no buyer: the sandbox buyer buys, and the page says so.
  await expect(page.getByRole("status").filter({ hasText: "sandbox buyer" })).toBeVisible();

  await page.getByRole("button", { name: "Add Buyer" }).click();
  const dialog = page.getByRole("dialog", { name: "Add buyer" });
  await dialog.getByRole("button", { name: "Add Buyer" }).click();
  await expect(dialog.getByText("Name the buyer")).toBeVisible();

  const name = `Acme ${Date.now().toString(36)}`;
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Secret").fill("acme-secret-0123456789");
  await dialog.getByLabel("Ping URL").fill("https://buyer.example/ping");
  await dialog.getByLabel("Post URL").fill("https://buyer.example/post");
  await dialog.getByLabel("Price").selectOption("fixed");
  await dialog.getByLabel("Fixed price ($)").fill("32.50");
  await dialog.getByLabel("States (blank: all)").fill("ca, tx");
  await dialog.getByLabel("Daily cap (blank: none)").fill("50");
  // Paused: the other browser tests keep selling to the sandbox buyer.
  await dialog.getByLabel("Active (unticked: paused, pinged no more)").uncheck();
  await dialog.getByRole("button", { name: "Add Buyer" }).click();
  await expect(toast(page)).toContainText("Buyer Added");

  const row = page.getByRole("table", { name: "Lead buyers" }).getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("$32.50");
  await expect(row).toContainText("CA, TX");
  await expect(row).toContainText("Paused");
  await expect(page.getByText("acme-secret-0123456789")).toHaveCount(0);

  await row.getByRole("button", { name: "Log" }).click();
  const log = page.getByRole("dialog", { name: `${name}: log` });
  await expect(log.getByText("No calls yet.")).toBeVisible();
  await expect(log.getByText("Nothing bought yet.")).toBeVisible();
});
