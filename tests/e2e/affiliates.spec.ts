import { inviteDialog, inviteThroughDialog, openAffiliates, statCard, toast } from "./affiliates-page";
import { OPEN_DIALOG, seriousViolations } from "./axe";
import { expect, test, uniqueAccount } from "./fixtures";

// Several pages, dialogs and a second browser per test: more than the default 30 s on a cold server.
test.describe.configure({ timeout: 120_000 });

test.describe("affiliate programme page", () => {
  test("an owner without affiliates sees the empty state, invites one, and is told about mistakes", async ({
    page,
    account,
  }) => {
    await openAffiliates(page);
    await expect(page.getByText("No affiliates yet")).toBeVisible();
    await expect(statCard(page, "Active Referrals")).toContainText("0% conversion rate");
    await expect(statCard(page, "Total Commissions")).toContainText("$0.00");

    await page.getByRole("button", { name: "Invite Your First Affiliate" }).click();
    const dialog = inviteDialog(page);
    // The level is chosen with the email, level 1 unless another is picked.
    await expect(dialog.getByLabel("Affiliate Level")).toHaveValue("1");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(toast(page)).toContainText("Email Required");
    await expect(toast(page)).toContainText("Please enter an email address to invite.");

    await dialog.getByLabel("Email Address").fill(account.email);
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(toast(page)).toContainText("Invitation Failed");
    await expect(toast(page)).toContainText("You can't invite your own email address.");
    await expect(dialog).toBeVisible();

    const partner = uniqueAccount().email;
    await dialog.getByLabel("Email Address").fill(partner);
    await dialog.getByLabel("Affiliate Level").selectOption("3");
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await expect(toast(page)).toContainText("Affiliate Invited!");
    await expect(dialog).toBeHidden();

    // An open invitation is no referral: listed apart as pending, not as "Affiliate #… · Inactive".
    const rows = page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(partner);
    await expect(rows.first()).toContainText("Invitation pending");
    await expect(rows.first()).toContainText("level 3 (10% commission)");
    await expect(page.getByRole("list", { name: "Affiliates" })).toHaveCount(0);
    await expect(page.getByText(/Affiliate #[0-9a-f]{8}/)).toHaveCount(0);
    await expect(statCard(page, "Total Referrals")).toContainText("0");
    await expect(statCard(page, "Total Referrals")).toContainText("1 invitation pending");

    await inviteThroughDialog(page, partner.toUpperCase());
    await expect(toast(page)).toContainText("You have already invited this email address.");
    await expect(dialog.getByLabel("Email Address")).toHaveValue(partner.toUpperCase());
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(rows).toHaveCount(1);

    await page.getByRole("button", { name: "Invite Affiliate", exact: true }).click();
    await expect(dialog.getByLabel("Email Address")).toHaveValue("");
    await expect(dialog.getByLabel("Affiliate Level")).toHaveValue("1");
  });

  test("the accelerator dialogs need a selection, total the catalogue prices and open checkout", async ({
    page,
    account: _account,
  }) => {
    await openAffiliates(page);

    await page.getByRole("button", { name: "Compare Tiers" }).click();
    const tiers = page.getByRole("dialog", { name: "Tier Upgrades" });
    await expect(tiers.getByRole("button", { name: "Upgrade Tier" })).toBeDisabled();
    await tiers.getByText("Gold Tier").click();
    await expect(tiers.getByTestId("offer-total")).toHaveText("$299.00");
    await tiers.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Choose Tools" }).click();
    const tools = page.getByRole("dialog", { name: "Marketing Suite" });
    const activate = tools.getByRole("button", { name: "Activate Tools" });
    await expect(activate).toBeDisabled();
    await tools.getByText("Email Automation", { exact: true }).click();
    await tools.getByText("Split Testing", { exact: true }).click();
    await expect(tools.getByTestId("offer-total")).toHaveText("$148.00");
    await tools.getByText("Email Automation", { exact: true }).click();
    await expect(tools.getByTestId("offer-total")).toHaveText("$69.00");
    await activate.click();

    await expect(page).toHaveURL(/\/checkout\/service\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Marketing Tools Activated!")).toHaveCount(0);
    await page.goBack();
    await page.getByRole("button", { name: "Choose Tools" }).click();
    const reopened = page.getByRole("dialog", { name: "Marketing Suite" });
    await expect(reopened.getByRole("checkbox")).toHaveCount(6);
    await expect(reopened.getByRole("checkbox", { checked: true })).toHaveCount(0);
    await expect(reopened.getByRole("button", { name: "Activate Tools" })).toBeDisabled();
  });

  test("the page and its tier dialog have no serious accessibility problems", async ({
    page,
    account: _,
  }) => {
    await openAffiliates(page);
    await inviteThroughDialog(page, uniqueAccount().email);
    await expect(toast(page)).toContainText("Affiliate Invited!");
    await expect(page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem")).toHaveCount(
      1,
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Compare Tiers" }).click();
    await page.getByRole("dialog", { name: "Tier Upgrades" }).getByText("Gold Tier").click();
    expect(await seriousViolations(page, OPEN_DIALOG)).toEqual([]);
  });
});
