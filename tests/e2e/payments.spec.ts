import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { expect, test, toast } from "./fixtures";
import { earnLeadRevenue } from "./lead-revenue";
import { signInAsStaff } from "./staff";

test("a new account sees an empty history and cannot transfer yet", async ({ page, account: _account }) => {
  await page.goto("/payments");

  await expect(page.getByRole("heading", { name: "Payments & Payouts" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("available-balance")).toHaveText("$0.00");
  await expect(page.getByText("Minimum $50 required", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Transfer", exact: true })).toHaveCount(0);
  await expect(page.getByText("No transactions yet")).toBeVisible();
  await expect(page.getByText("Weekly")).toBeVisible();
  await expect(page.getByTestId("auto-payout-line")).toHaveText(
    /^Auto payout is on: once a week, from Monday/,
  );
});

test("the balance card names the user's own saved minimum", async ({ page, account: _account }) => {
  const saved = await page.request.put(PAYMENT_PATHS.settings, {
    data: { minPayout: 75, payoutFrequency: "weekly", autoPayout: false },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await page.goto("/payments");
  await expect(page.getByTestId("available-balance")).toHaveText("$0.00", { timeout: 20_000 });
  await expect(page.getByText("Minimum $75 required", { exact: true })).toBeVisible();
  await expect(page.getByText("Minimum $50")).toHaveCount(0);
});

test("a first payout is held for review: the modal warns, the toast says so, staff approve it in the console and the owner sees it completed", async ({
  page,
  browser,
  request,
  account,
}) => {
  await earnLeadRevenue(page, request);
  await page.goto("/payments");
  await expect(page.getByTestId("available-balance")).toHaveText("$75.00", { timeout: 20_000 });
  await expect(page.getByText("Ready for payout")).toBeVisible();

  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Transfer to PayPal" });
  await expect(dialog.getByText("Transfers cannot be reversed.", { exact: false })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Confirm Transfer" })).toBeDisabled();
  await dialog.getByLabel("PayPal account email").fill("not-an-email");
  await expect(dialog.getByRole("button", { name: "Confirm Transfer" })).toBeDisabled();
  await dialog.getByLabel("PayPal account email").fill("me@wallet.example");
  await dialog.getByRole("button", { name: "Confirm Transfer" }).click();

  // No full reload: the notice stays on screen while the figures refresh; the amount is reserved.
  await expect(page.getByText("Payout Held for Review", { exact: true })).toBeVisible();
  await expect(page.getByTestId("available-balance")).toHaveText("$0.00");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const history = page.getByTestId("transaction-list");
  await expect(history.getByText("Payout to me@wallet.example")).toBeVisible();
  await expect(history.getByText("Held for review")).toBeVisible();
  // Reserved while it waits: in review, not yet paid out.
  await expect(page.getByTestId("in-review")).toHaveText("$75.00");
  await expect(page.getByTestId("paid-out")).toHaveText("$0.00");

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, "staff-payouts@example.com");
  await staff.goto("/admin/payouts");
  await expect(staff.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible({ timeout: 30_000 });
  await staff.getByLabel("Owner or PayPal email").fill(account.email);
  await staff.getByRole("button", { name: "Search" }).click();
  const row = staff
    .getByRole("table", { name: "Payouts" })
    .getByRole("row")
    .filter({ hasText: account.email });
  await expect(row).toContainText("first payout");
  await row.getByRole("button", { name: "Approve $75.00 to me@wallet.example" }).click();
  const confirm = staff.getByRole("dialog", { name: "Approve payout" });
  await expect(confirm).toContainText(`Send $75.00 to me@wallet.example for ${account.name}`);
  await confirm.getByRole("button", { name: "Send $75.00" }).click();
  await expect(staff.getByText("Payout Approved", { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await staffContext.close();

  await page.reload();
  await expect(history.getByText("Payout to me@wallet.example")).toBeVisible({ timeout: 20_000 });
  await expect(history.getByText("completed")).toBeVisible();
  await expect(page.getByTestId("paid-out")).toHaveText("$75.00");
  await expect(page.getByTestId("in-review")).toHaveText("$0.00");
});

test("part of the balance is paid out: the amount is checked against the minimum and the balance, the rest stays, and the next transfer starts from the last email", async ({
  page,
  request,
  account: _account,
}) => {
  await earnLeadRevenue(page, request);
  await earnLeadRevenue(page, request);
  await page.goto("/payments");
  await expect(page.getByTestId("available-balance")).toHaveText("$150.00", { timeout: 20_000 });

  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Transfer to PayPal" });
  const amount = dialog.getByLabel("Amount (USD)");
  const confirm = dialog.getByRole("button", { name: "Confirm Transfer" });
  await expect(amount).toHaveValue("150.00");
  await dialog.getByLabel("PayPal account email").fill("part@wallet.example");
  await amount.fill("49.99");
  await expect(dialog.getByText("Your minimum payout is $50.00.")).toBeVisible();
  await expect(confirm).toBeDisabled();
  await amount.fill("150.01");
  await expect(dialog.getByText("You have $150.00 available.")).toBeVisible();
  await expect(confirm).toBeDisabled();
  await amount.fill("60");
  await confirm.click();

  // A first payout waits for review; the amount is reserved from the balance at once.
  await expect(page.getByText("Payout Held for Review", { exact: true })).toBeVisible();
  await expect(page.getByText(/^\$60\.00 to part@wallet\.example is held for review/)).toBeVisible();
  await expect(page.getByTestId("available-balance")).toHaveText("$90.00");
  // Closed before it is opened again: while it closes, its spent Confirm button is still on screen.
  await expect(dialog).toHaveCount(0);

  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(dialog.getByLabel("PayPal account email")).toHaveValue("part@wallet.example");
  await expect(amount).toHaveValue("90.00");
});

test("the demo account's held funds: available, pending by release date, and paid out", async ({ page }) => {
  const login = await page.request.post(AUTH_PATHS.login, {
    data: { usernameOrEmail: "demo@example.com", password: "demo-password" },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto("/payments");

  await expect(page.getByTestId("pending-balance")).toHaveText(/^\$[1-9][\d,]*\.\d\d$/, { timeout: 20_000 });
  const releases = page.getByRole("list", { name: "Pending funds by release date" }).getByRole("listitem");
  await expect(releases.first()).toContainText(/^Available \w{3} \d{1,2}, \d{4}\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId("paid-out")).toHaveText(/^\$[1-9][\d,]*\.\d\d$/);
  await expect(page.getByTestId("available-balance")).toHaveText(/^\$[1-9][\d,]*\.\d\d$/);
  await expect(page.getByText("they count on your dashboard, not in your balance")).toBeVisible();
});

test("the wallet test payment runs the PayPal flow in the sandbox and lands in the history", async ({
  page,
  account: _account,
}) => {
  await page.goto("/payments");
  await expect(page.getByRole("heading", { name: "Test Payment" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Amount").fill("42.50");
  await page.getByRole("button", { name: "Pay with PayPal" }).click();

  await expect(toast(page).getByText("Payment Successful!")).toBeVisible();
  await expect(page.getByTestId("transaction-list").getByText("Test payment")).toBeVisible();
  await expect(page.getByTestId("transaction-list").getByText("$42.50")).toBeVisible();
});
