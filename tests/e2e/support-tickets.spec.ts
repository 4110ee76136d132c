import { OPEN_DIALOG, seriousViolations } from "./axe";
import { expect, test, toast } from "./fixtures";
import { signInAsStaff } from "./staff";

test.describe.configure({ timeout: 240_000 });

test("a user opens a ticket in Settings, staff answer it in the console, the user replies and staff see it", async ({
  page,
  account,
  browser,
}) => {
  expect(account.email).toBeTruthy();
  const subject = `Payout question ${Date.now().toString(36)}`;

  // The user opens a ticket and is told the standard response target.
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Support" });
  await expect(card).toContainText("Standard support: answered within 72 hours", { timeout: 90_000 });
  expect(await seriousViolations(page, "#support-heading")).toEqual([]);
  await card.getByRole("button", { name: "New Ticket" }).click();
  const form = page.getByRole("dialog", { name: "New support ticket" });
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message").fill("When does my first payout arrive?");
  await form.getByRole("button", { name: "Send Ticket" }).click();
  await expect(toast(page)).toContainText("Ticket Opened", { timeout: 30_000 });
  const userThread = page.getByRole("dialog", { name: subject });
  await expect(userThread).toContainText("When does my first payout arrive?");
  await expect(userThread).toContainText("Waiting on support");
  expect(await seriousViolations(page, OPEN_DIALOG)).toEqual([]);

  // Staff find it in the queue and answer.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInAsStaff(staffPage, "staff-tickets@example.com");
  await staffPage.goto("/admin/tickets");
  await expect(staffPage.getByRole("heading", { name: "Tickets", level: 1 })).toBeVisible({
    timeout: 90_000,
  });
  await staffPage.getByLabel("Subject or email").fill(subject);
  await staffPage.getByRole("button", { name: "Search" }).click();
  const row = staffPage.getByRole("table", { name: "Tickets" }).getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText(account.email);
  await expect(row).toContainText("Standard");
  await row.getByRole("button", { name: /Open/ }).click();
  const staffThread = staffPage.getByRole("dialog", { name: subject });
  await expect(staffThread).toContainText("When does my first payout arrive?");
  expect(await seriousViolations(staffPage, "main")).toEqual([]);
  await staffThread.getByRole("textbox", { name: "Answer" }).fill("Payouts go out every Monday.");
  await staffThread.getByRole("button", { name: "Send Answer" }).click();
  await expect(toast(staffPage)).toContainText("Answer Sent", { timeout: 30_000 });
  await expect(staffThread.getByRole("list", { name: "Messages" })).toContainText(
    "Payouts go out every Monday.",
  );

  // The user sees the answer and replies.
  await page.reload();
  const mine = page
    .getByRole("region", { name: "Support" })
    .getByRole("listitem")
    .filter({ hasText: subject });
  await expect(mine).toContainText("Answered", { timeout: 90_000 });
  await mine.getByRole("button", { name: /Open/ }).click();
  const reopened = page.getByRole("dialog", { name: subject });
  await expect(reopened).toContainText("Payouts go out every Monday.");
  await reopened.getByRole("textbox", { name: "Your reply" }).fill("Thanks, that helps.");
  await reopened.getByRole("button", { name: "Send Reply" }).click();
  await expect(toast(page)).toContainText("Reply Sent", { timeout: 30_000 });
  await expect(reopened.getByRole("list", { name: "Messages" })).toContainText("Thanks, that helps.");

  // Staff see the reply; the ticket waits on them again.
  await staffPage.reload();
  await staffPage.getByLabel("Subject or email").fill(subject);
  await staffPage.getByRole("button", { name: "Search" }).click();
  const again = staffPage
    .getByRole("table", { name: "Tickets" })
    .getByRole("row")
    .filter({ hasText: subject });
  await expect(again).toContainText("Waiting on support", { timeout: 90_000 });
  await again.getByRole("button", { name: /Open/ }).click();
  await expect(staffPage.getByRole("dialog", { name: subject })).toContainText("Thanks, that helps.");
  await staffContext.close();
});
