import { expect, test } from "./fixtures";
import { earnLeadRevenue } from "./lead-revenue";
import { signInAsStaff } from "./staff";

test("a payee signs a W-8BEN in Payout Settings, and their first payout leaves once staff approve it", async ({
  page,
  browser,
  request,
  account,
}) => {
  // Two people in two browsers (the payee, then staff): twice a one-person test's time.
  test.slow();
  await earnLeadRevenue(page, request);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Payout Method & Tax Form" });
  await expect(card.getByText("No tax form on file", { exact: false })).toBeVisible({ timeout: 20_000 });
  const form = card.getByRole("form", { name: "Tax form" });
  await form.getByLabel("Form", { exact: true }).selectOption("w8ben");
  await form.getByLabel("Name of the beneficial owner").fill("Ana Souza");
  await form.getByLabel("Country of residence", { exact: false }).fill("BR");
  await form.getByLabel("Permanent residence address").fill("Rua das Flores 10, São Paulo");
  await form.getByLabel("Signature (type your full name)").fill("Ana Souza");
  await form.getByRole("button", { name: "Sign the form" }).click();
  await expect(form.getByText("You must certify the form to sign it")).toBeVisible();
  await form.getByLabel("Under penalties of perjury", { exact: false }).check();
  await form.getByRole("button", { name: "Sign the form" }).click();
  await expect(card.getByTestId("tax-form-on-file")).toContainText("W-8BEN on file for Ana Souza, signed");

  await page.goto("/payments");
  await expect(page.getByTestId("available-balance")).toHaveText("$75.00", { timeout: 20_000 });
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Transfer to PayPal" });
  await dialog.getByLabel("PayPal account email").fill("ana@wallet.example");
  await dialog.getByRole("button", { name: "Confirm Transfer" }).click();
  await expect(page.getByText("Payout Held for Review", { exact: true })).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, "staff-tax-forms@example.com");
  await staff.goto("/admin/payouts");
  await expect(staff.getByRole("heading", { name: "Tax forms" })).toBeVisible({ timeout: 30_000 });
  await expect(staff.getByRole("link", { name: `Year-end ${new Date().getFullYear()} CSV` })).toBeVisible();
  await staff.getByLabel("Owner or PayPal email").fill(account.email);
  await staff.getByRole("button", { name: "Search" }).click();
  const row = staff
    .getByRole("table", { name: "Payouts" })
    .getByRole("row")
    .filter({ hasText: account.email });
  await row.getByRole("button", { name: "Approve $75.00 to ana@wallet.example" }).click();
  await staff
    .getByRole("dialog", { name: "Approve payout" })
    .getByRole("button", { name: "Send $75.00" })
    .click();
  await expect(staff.getByText("Payout Approved", { exact: true })).toBeVisible();
  await staffContext.close();

  await page.reload();
  const history = page.getByTestId("transaction-list");
  await expect(history.getByText("Payout to ana@wallet.example")).toBeVisible({ timeout: 20_000 });
  await expect(history.getByText("completed")).toBeVisible();
  await expect(page.getByTestId("paid-out")).toHaveText("$75.00");
});
