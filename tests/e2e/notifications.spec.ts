import { NOTIFICATIONS_PATHS } from "../../shared/api/notifications";
import { expect, test, toast } from "./fixtures";
import { earnLeadRevenue } from "./lead-revenue";

test("the bell counts unread notifications, lists them with links, and marks one or all read", async ({
  page,
  request,
  account: _account,
}) => {
  const first = await earnLeadRevenue(page, request);
  const second = await earnLeadRevenue(page, request);
  await page.goto("/dashboard");

  const bell = page.getByRole("button", { name: "Notifications, 2 unread" });
  await expect(bell).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("notification-count")).toHaveText("2");

  await bell.click();
  await expect(toast(page)).toContainText("You have new revenue and affiliate notifications!");
  const panel = page.getByRole("dialog", { name: "Notifications" });
  const items = panel.getByRole("list", { name: "Notifications" }).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(`New lead on ${second}`);
  await expect(items.nth(1)).toContainText(`New lead on ${first}`);
  await expect(items.nth(0).getByRole("link", { name: `New lead on ${second}` })).toHaveAttribute(
    "href",
    "/dashboard",
  );

  await panel.getByRole("button", { name: `Mark "New lead on ${first}" read` }).click();
  await expect(page.getByTestId("notification-count")).toHaveText("1");
  await expect(items.nth(1).getByRole("button", { name: /Mark .* read/ })).toHaveCount(0);

  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  // Escape closes the topmost layer first: while the bell's toast still shows, that is the toast.
  await expect(toast(page)).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeFocused();

  // Read on the server: a reload shows the same.
  await page.reload();
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
});

test("a notification's link leads to what it is about and marks it read", async ({
  page,
  request,
  account: _account,
}) => {
  await earnLeadRevenue(page, request);
  const released = await page.request.get(NOTIFICATIONS_PATHS.list);
  expect((await released.json()).unreadCount).toBe(1);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
  await page.getByRole("dialog", { name: "Notifications" }).getByRole("link").first().click();
  await expect(page.getByRole("dialog", { name: "Notifications" })).toHaveCount(0);
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  expect((await (await page.request.get(NOTIFICATIONS_PATHS.list)).json()).unreadCount).toBe(0);
});
