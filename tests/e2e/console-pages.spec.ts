import { ADMIN_SECTIONS } from "../../shared/api/admin/console";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { expect, registerThroughApi, test, toast, uniqueAccount } from "./fixtures";
import { earnLeadRevenue } from "./lead-revenue";
import { signInAsStaff } from "./staff";

test("each console section has its own tab title; to an owner who is not staff it is Page Not Found", async ({
  page,
  browser,
}) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await registerThroughApi(ownerPage, uniqueAccount());
  await ownerPage.goto("/admin/payouts");
  await expect(ownerPage.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(ownerPage).toHaveTitle("Page Not Found · ParkPilot");
  await owner.close();

  await signInAsStaff(page, "staff-console-pages@example.com");
  for (const section of ADMIN_SECTIONS) {
    await page.goto(`/admin/${section.path}`);
    await expect(page.getByRole("heading", { name: section.label, level: 1 })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveTitle(`${section.label} · ParkPilot Console`);
  }
  // Moving through the console's own navigation retitles the tab too.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Tickets" }).click();
  await expect(page).toHaveTitle("Tickets · ParkPilot Console");
});

test("the payout queue fits a 1440 px screen, and Approve asks first, naming the amount and the payee", async ({
  page,
  browser,
  request,
}) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  const account = uniqueAccount();
  await registerThroughApi(ownerPage, account);
  await earnLeadRevenue(ownerPage, request);
  const held = await ownerPage.request.post(PAYMENT_PATHS.payout, {
    data: { amount: "75.00", paypalEmail: "fit@wallet.example" },
  });
  expect((await held.json()).status).toBe("held");

  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsStaff(page, "staff-console-payouts@example.com");
  await page.goto("/admin/payouts");
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible({ timeout: 30_000 });
  const row = page
    .getByRole("table", { name: "Payouts" })
    .getByRole("row")
    .filter({ hasText: account.email });
  await expect(row).toContainText("first payout");

  const widths = await page.evaluate(() => {
    const table = document.querySelector("table[aria-label='Payouts']")?.parentElement;
    return {
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      table: [table?.scrollWidth ?? 0, table?.clientWidth ?? 0],
    };
  });
  expect(widths.page[0]).toBeLessThanOrEqual(widths.page[1]);
  expect(widths.table[0]).toBeLessThanOrEqual(widths.table[1]);
  const approve = row.getByRole("button", { name: "Approve $75.00 to fit@wallet.example" });
  await expect(approve).toBeInViewport();

  // Cancel sends nothing.
  await approve.click();
  const confirm = page.getByRole("dialog", { name: "Approve payout" });
  await expect(confirm).toContainText(
    `Send $75.00 to fit@wallet.example for ${account.name} (${account.email})`,
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText("first payout");
  expect((await (await ownerPage.request.get(PAYMENT_PATHS.transactions)).json())[0]).toMatchObject({
    status: "held",
  });

  await approve.click();
  await confirm.getByRole("button", { name: "Send $75.00" }).click();
  await expect(toast(page)).toContainText("Payout Approved");
  await expect(row).toHaveCount(0);
  await owner.close();
});
