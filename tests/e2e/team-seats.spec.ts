import type { Browser, Page } from "@playwright/test";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { CHECKOUT_PATHS } from "../../shared/api/checkout";
import { DOMAIN_PATHS } from "../../shared/api/domains";
import { marketplaceDealPaths } from "../../shared/api/marketplace/deals";
import { PAYMENT_PATHS } from "../../shared/api/payouts";
import { TEAM_PATHS } from "../../shared/api/team";
import { pathTo } from "../../shared/path-to";
import { expect, registerThroughApi, test, toast, uniqueAccount } from "./fixtures";
import { listVerifiedDomain } from "./listings";
import { withMailSink } from "./mail-sink";

// Two browsers, a purchase, a mailed link and several pages.
test.describe.configure({ timeout: 90_000 });

test("an owner invites a manager, who accepts, edits a domain in the owner's portfolio and cannot reach payouts", async ({
  page,
  account,
  browser,
}) => {
  // The owner is on Pro (two seats), bought in the sandbox, and has a domain.
  const order = await page.request.post("/api/settings/account-upgrade", {
    data: { plan: "pro", price: "29.00" },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };
  const paid = await page.request.post(
    `${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`,
    {
      maxRedirects: 0,
    },
  );
  expect(paid.status()).toBe(303);
  const name = `team-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.com`;
  const created = await page.request.post(DOMAIN_PATHS.list, { data: { name } });
  expect(created.status(), await created.text()).toBe(201);
  const domain = (await created.json()) as { id: string; name: string };

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = uniqueAccount({ name: `Team Member ${Date.now().toString(36)}` });
  await registerThroughApi(memberPage, member);

  const link = await withMailSink(async (smtp) => {
    await page.goto("/settings");
    const team = page.getByRole("region", { name: "Team", exact: true });
    await expect(team).toContainText("0 of 2 team seats on the Pro plan", { timeout: 30_000 });
    await team.getByLabel("Email", { exact: true }).fill(member.email);
    await team.getByLabel("Role", { exact: true }).selectOption("manager");
    await team.getByRole("button", { name: "Invite" }).click();
    await expect(toast(page)).toContainText("Invitation sent");
    await expect(team.getByRole("region", { name: "Pending invitations" })).toContainText(member.email);
    await expect(team).toContainText("1 of 2 team seats");
    // The member's own confirmation mail may arrive too: the invitation is the one with its subject.
    const mail = await smtp.mailTo(
      member.email,
      10_000,
      `${account.name} invited you to their ParkPilot portfolio`,
    );
    return new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
  });

  // The member opens the link signed in to their own account, accepts and opens the portfolio.
  await memberPage.goto(`${link.pathname}${link.search}`);
  await memberPage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(memberPage.getByRole("status")).toContainText("as Manager");
  await memberPage.getByRole("button", { name: "Open the portfolio" }).click();
  await expect(memberPage).toHaveURL(/\/dashboard$/);
  await expect(memberPage.getByRole("status").filter({ hasText: "Working in" })).toContainText(
    `Working in ${account.name}'s portfolio as Manager`,
    { timeout: 30_000 },
  );
  // Owner-only pages are not offered.
  const nav = memberPage.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Domain Portfolio" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Payments" })).toHaveCount(0);
  // Nor is the dashboard's shortcut to the owner's affiliates page; the others stay.
  await expect(memberPage.getByRole("link", { name: /Add New Domain/ })).toBeVisible();
  await expect(memberPage.getByRole("link", { name: /Invite Affiliate/ })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
  // The owner's goals are shown, but setting them (and the plan) stays with the owner.
  await expect(memberPage.getByText("Revenue Goals")).toBeVisible();
  await expect(memberPage.getByRole("button", { name: "Set Goal" })).toHaveCount(0);
  await expect(memberPage.getByRole("button", { name: /^Upgrade to/ })).toHaveCount(0);

  // As a manager: the owner's domain is there and can be edited.
  await nav.getByRole("link", { name: "Domain Portfolio" }).click();
  const card = memberPage.getByTestId("domain-card").filter({ hasText: domain.name });
  await card.getByRole("button", { name: "Manage Domain" }).click({ timeout: 30_000 });
  const dialog = memberPage.getByRole("dialog", { name: domain.name });
  await dialog.getByRole("button", { name: "Edit Domain" }).click();
  await dialog.getByLabel("Renewal cost ($/year)").fill("14.99");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(memberPage)).toContainText("Domain Updated");
  const seen = await page.request.get(pathTo(DOMAIN_PATHS.one, { id: domain.id }));
  expect(((await seen.json()) as { renewalCost: string }).renewalCost).toBe("14.99");

  // Payouts are the owner's: the page says so, and the server refuses.
  await memberPage.goto("/payments");
  await expect(memberPage.getByRole("alert")).toContainText("Only the owner can open this page");
  const payout = await memberPage.request.post(PAYMENT_PATHS.payout, { data: { amount: "10.00" } });
  expect(payout.status()).toBe(403);
  expect(((await payout.json()) as { code: string }).code).toBe("ROLE_FORBIDDEN");
  const balance = await memberPage.request.get(PAYMENT_PATHS.balance);
  expect(balance.status()).toBe(403);

  // The member goes back to their own portfolio and removes their account.
  await memberPage.getByRole("button", { name: "Back to my portfolio" }).click();
  await expect(memberPage.getByRole("status").filter({ hasText: "Working in" })).toHaveCount(0);
  expect((await memberPage.request.delete(AUTH_PATHS.account)).status()).toBeLessThan(300);
  await memberContext.close();
});

test("an invitation opened signed out names the inviter, comes back after sign-up, and the teammate's buy buttons say the owner buys", async ({
  page,
  account,
  browser,
  buyer: seller,
}, testInfo) => {
  // `seller` is another account: the seller of a listing the teammate comes to buy.
  test.setTimeout(120_000);
  // The owner is on Pro (two seats), bought in the sandbox.
  const order = await page.request.post("/api/settings/account-upgrade", {
    data: { plan: "pro", price: "29.00" },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };
  const paid = await page.request.post(
    `${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`,
    {
      maxRedirects: 0,
    },
  );
  expect(paid.status()).toBe(303);

  const invitee = uniqueAccount({ name: `New Teammate ${Date.now().toString(36)}` });
  const link = await withMailSink(async (smtp) => {
    const invited = await page.request.post(TEAM_PATHS.invitations, {
      data: { email: invitee.email, role: "viewer" },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const mail = await smtp.mailTo(
      invitee.email,
      10_000,
      `${account.name} invited you to their ParkPilot portfolio`,
    );
    return new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
  });
  const invitationPath = `${link.pathname}${link.search}`;

  // The owner opening their own link is told whom it is for, not offered a failing button.
  await page.goto(invitationPath);
  await expect(page.getByTestId("invitation")).toContainText(
    `${account.name} invited you to work in their portfolio as Viewer`,
  );
  await expect(
    page.getByText(`This invitation is for ${invitee.email}, and you are signed in as`),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);

  // The invitee has no account yet and opens the link signed out.
  const inviteeContext = await browser.newContext();
  const inviteePage = await inviteeContext.newPage();
  await inviteePage.goto(invitationPath);
  await expect(inviteePage.getByTestId("invitation")).toContainText(
    `${account.name} invited you to work in their portfolio as Viewer`,
  );
  await expect(inviteePage.getByTestId("invitation")).toContainText(`Sent to ${invitee.email}`);
  for (const width of [1440, 390]) {
    await inviteePage.setViewportSize({ width, height: 900 });
    await inviteePage.screenshot({
      path: testInfo.outputPath(`invitation-signed-out-${width}.png`),
      fullPage: true,
    });
  }
  const signIn = inviteePage.getByRole("link", { name: "Sign in", exact: true });
  expect(new URL((await signIn.getAttribute("href")) ?? "", link).searchParams.get("next")).toBe(
    invitationPath,
  );

  // Create an account from the link: the address is filled in, and the sign-up comes back here.
  await inviteePage.getByRole("link", { name: "Create an account" }).click();
  await expect(inviteePage.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await expect(inviteePage.getByLabel("Email")).toHaveValue(invitee.email);
  await inviteePage.getByLabel("Full Name").fill(invitee.name);
  await inviteePage.getByLabel("Username").fill(invitee.username);
  await inviteePage.getByLabel("Password", { exact: true }).fill(invitee.password);
  await inviteePage.getByLabel("Confirm Password").fill(invitee.password);
  await inviteePage.getByRole("button", { name: "Create Account" }).click();
  await expect(inviteePage).toHaveURL(link.href);
  await expect(inviteePage.getByText(`You are signed in as ${invitee.email}`)).toBeVisible();
  await inviteePage.getByRole("button", { name: "Accept invitation" }).click();
  await expect(inviteePage.getByRole("status").filter({ hasText: "You joined" })).toContainText(
    "You joined the portfolio as Viewer",
  );
  await inviteePage.getByRole("button", { name: "Open the portfolio" }).click();
  await expect(inviteePage).toHaveURL(/\/dashboard$/);
  await expect(inviteePage.getByRole("status").filter({ hasText: "Working in" })).toContainText(
    `Working in ${account.name}'s portfolio as Viewer`,
    { timeout: 30_000 },
  );

  // Nothing the pages read is refused to the teammate: the owner's own reads (billing, the
  // newsletter setting) are not asked for in someone else's portfolio.
  const refused: string[] = [];
  inviteePage.on("response", (res) => {
    if (res.status() === 403) refused.push(new URL(res.url()).pathname);
  });
  // In the owner's portfolio, buying is the owner's: the buttons are disabled and say why.
  await inviteePage.goto("/analytics");
  const upgrade = inviteePage.getByRole("button", { name: "Upgrade Analytics" });
  await expect(upgrade).toBeDisabled({ timeout: 30_000 });
  await expect(upgrade).toHaveAccessibleDescription("Only the portfolio's owner can buy this.");
  await expect(inviteePage.getByTestId("blocked-reason").first()).toBeVisible();
  await inviteePage.goto("/marketplace");
  const booster = inviteePage.getByRole("button", { name: "Get Promotion" });
  await expect(booster).toBeDisabled({ timeout: 30_000 });
  await expect(booster).toHaveAccessibleDescription("Only the portfolio's owner can buy this.");
  await inviteePage.setViewportSize({ width: 1440, height: 900 });
  await inviteePage
    .getByRole("region", { name: "Marketplace Revenue Boosters" })
    .screenshot({ path: testInfo.outputPath("teammate-boosters.png") });
  // Another seller's listing, opened from its Buy now: every way to buy is disabled, and says why.
  const listing = await listVerifiedDomain(seller, "teambuy", "1500.00");
  await inviteePage.goto(`/marketplace/deals?buy=${listing.id}`);
  const deal = inviteePage.getByTestId("start-deal");
  const buyNow = deal.getByRole("button", { name: /^Buy Now for/ });
  await expect(buyNow).toBeDisabled({ timeout: 30_000 });
  await expect(buyNow).toHaveAccessibleDescription("Only the portfolio's owner can buy this.");
  await expect(deal.getByRole("button", { name: "Send Offer" })).toBeDisabled();
  await expect(deal.getByTestId("blocked-reason")).toHaveText("Only the portfolio's owner can buy this.");
  await deal.screenshot({ path: testInfo.outputPath("teammate-start-deal.png") });
  expect(refused).toEqual([]);
  // The owner still buys: the same button opens its dialog.
  await page.goto("/analytics");
  await page.getByRole("button", { name: "Upgrade Analytics" }).click();
  await expect(page.getByRole("dialog", { name: "Premium Analytics" })).toBeVisible();

  // The teammate goes back to their own portfolio and removes their account.
  await inviteePage.getByRole("button", { name: "Back to my portfolio" }).click();
  await expect(inviteePage.getByRole("status").filter({ hasText: "Working in" })).toHaveCount(0);
  expect((await inviteePage.request.delete(AUTH_PATHS.account)).status()).toBeLessThan(300);
  await inviteeContext.close();
});

const VIEWERS_ONLY_LOOK = "Viewers can look but not change anything.";
const OWNER_ONLY = "Only the portfolio's owner can do this.";
const OWNER_BUYS_ONLY = "Only the portfolio's owner can buy this.";

/**
 * A new account in its own browser, invited by the signed-in owner of `owner` as `role`, that
 * accepts through the API and opens the owner's portfolio.
 */
async function joinAs(owner: Page, browser: Browser, ownerName: string, role: "viewer" | "manager") {
  const context = await browser.newContext();
  const member = await context.newPage();
  const account = uniqueAccount({ name: `Team ${role} ${Date.now().toString(36)}` });
  await registerThroughApi(member, account);
  const link = await withMailSink(async (smtp) => {
    const invited = await owner.request.post(TEAM_PATHS.invitations, {
      data: { email: account.email, role },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const mail = await smtp.mailTo(
      account.email,
      10_000,
      `${ownerName} invited you to their ParkPilot portfolio`,
    );
    return new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
  });
  const accepted = await member.request.post(TEAM_PATHS.accept, {
    data: { token: link.searchParams.get("token") },
  });
  expect(accepted.status(), await accepted.text()).toBeLessThan(300);
  const { portfolios } = (await (await member.request.get(TEAM_PATHS.portfolios)).json()) as {
    portfolios: { ownerId: string; role: string }[];
  };
  const theirs = portfolios.find((p) => p.role === role);
  const opened = await member.request.post(TEAM_PATHS.switch, { data: { ownerId: theirs?.ownerId } });
  expect(opened.status(), await opened.text()).toBe(200);
  /** Leaves the owner's portfolio and removes the account. */
  const leave = async () => {
    await member.request.delete(pathTo(TEAM_PATHS.leave, { ownerId: theirs?.ownerId ?? "" }));
    await member.request.delete(AUTH_PATHS.account);
    await context.close();
  };
  return { member, leave };
}

test("a viewer and a manager see the buttons the role policy refuses them disabled, with the reason; the owner's are enabled", async ({
  page: owner,
  account,
  browser,
  buyer: seller,
}, testInfo) => {
  test.setTimeout(180_000);
  // The owner is on Pro (two seats), has a listing of their own, and is buying another seller's domain.
  const order = await owner.request.post("/api/settings/account-upgrade", {
    data: { plan: "pro", price: "29.00" },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderId } = (await order.json()) as { orderId: string };
  expect(
    (
      await owner.request.post(`${pathTo(CHECKOUT_PATHS.sandboxPay, { id: orderId })}?provider=stripe`, {
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(303);
  const own = await listVerifiedDomain(owner, "teamown", "1200.00");
  const theirs = await listVerifiedDomain(seller, "teamsale", "900.00");
  const opened = await owner.request.post(marketplaceDealPaths.transactions, {
    data: { domainId: theirs.id },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const sale = (await opened.json()) as { id: string };

  const viewer = await joinAs(owner, browser, account.name, "viewer");
  const manager = await joinAs(owner, browser, account.name, "manager");

  /** The owner's listing's details, opened from its card on the marketplace. */
  const openOwnListing = async (page: Page) => {
    await page.goto("/marketplace");
    await page.getByRole("searchbox", { name: "Search domains" }).fill(own.name);
    // The search has answered before the card is clicked: a card drawn again by the answer would
    // forget that its details were opened.
    await expect(page.getByText("1 domain match")).toBeVisible({ timeout: 30_000 });
    const card = page.getByTestId("listing-card").filter({ hasText: own.name });
    await card.getByRole("button", { name: "View Details" }).click();
    const dialog = page.getByRole("dialog", { name: own.name });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  // The viewer: listing, unlisting and recording a sale are a manager's; the reason is shown.
  const v = viewer.member;
  await v.goto("/marketplace");
  const listButton = v.getByRole("button", { name: "List Domain for Sale" });
  await expect(listButton).toBeDisabled({ timeout: 30_000 });
  await expect(listButton).toHaveAccessibleDescription(VIEWERS_ONLY_LOOK);
  const viewerDialog = await openOwnListing(v);
  for (const name of ["Remove Listing", "Mark as Sold"]) {
    await expect(viewerDialog.getByRole("button", { name })).toBeDisabled();
    await expect(viewerDialog.getByRole("button", { name })).toHaveAccessibleDescription(VIEWERS_ONLY_LOOK);
  }
  await expect(viewerDialog.getByTestId("blocked-reason")).toHaveText(VIEWERS_ONLY_LOOK);
  await v.setViewportSize({ width: 1280, height: 900 });
  await viewerDialog.screenshot({ path: testInfo.outputPath("viewer-listing-dialog.png") });
  // On the domains page: adding is a manager's, a parking report the owner's.
  await v.goto("/domains");
  await expect(v.getByRole("button", { name: "Add Domain" })).toHaveAccessibleDescription(VIEWERS_ONLY_LOOK, {
    timeout: 30_000,
  });
  await expect(v.getByRole("button", { name: "Add Domain" })).toBeDisabled();
  await expect(v.getByRole("button", { name: "Import Parking Report" })).toHaveAccessibleDescription(
    OWNER_ONLY,
  );
  // The owner's escrow sale: every step is the owner's.
  await v.goto(`/marketplace/deals/${sale.id}`);
  await expect(v.getByRole("button", { name: "Cancel Sale" })).toHaveAccessibleDescription(OWNER_ONLY, {
    timeout: 30_000,
  });

  // The manager lists and unlists, but the owner's escrow sale is the owner's.
  const m = manager.member;
  await m.goto("/marketplace");
  await expect(m.getByRole("status").filter({ hasText: "Working in" })).toContainText("as Manager", {
    timeout: 30_000,
  });
  await expect(m.getByRole("button", { name: "List Domain for Sale" })).toBeEnabled();
  const managerDialog = await openOwnListing(m);
  await expect(managerDialog.getByRole("button", { name: "Remove Listing" })).toBeEnabled();
  await expect(managerDialog.getByRole("button", { name: "Mark as Sold" })).toBeEnabled();
  await expect(managerDialog.getByTestId("blocked-reason")).toHaveCount(0);
  await m.keyboard.press("Escape");
  await m.goto(`/marketplace/deals/${sale.id}`);
  const details = m.getByTestId("sale-details");
  const cancel = details.getByRole("button", { name: "Cancel Sale" });
  await expect(cancel).toBeDisabled({ timeout: 30_000 });
  await expect(cancel).toHaveAccessibleDescription(OWNER_ONLY);
  await expect(details.getByRole("button", { name: /^Pay / })).toHaveAccessibleDescription(OWNER_BUYS_ONLY);
  await expect(details.getByTestId("blocked-reason")).toHaveText([OWNER_BUYS_ONLY, OWNER_ONLY]);
  await m.setViewportSize({ width: 1280, height: 900 });
  await details.screenshot({ path: testInfo.outputPath("manager-sale-details.png") });
  await m.goto("/domains");
  await expect(m.getByRole("button", { name: "Add Domain" })).toBeEnabled({ timeout: 30_000 });
  await expect(m.getByRole("button", { name: "Import Parking Report" })).toHaveAccessibleDescription(
    OWNER_ONLY,
  );

  // The owner's own buttons are enabled and say nothing.
  await owner.goto(`/marketplace/deals/${sale.id}`);
  await expect(owner.getByRole("button", { name: "Cancel Sale" })).toBeEnabled({ timeout: 30_000 });
  await expect(owner.getByTestId("blocked-reason")).toHaveCount(0);
  const ownerDialog = await openOwnListing(owner);
  await expect(ownerDialog.getByRole("button", { name: "Remove Listing" })).toBeEnabled();
  await owner.keyboard.press("Escape");
  await expect(owner.getByRole("button", { name: "List Domain for Sale" })).toBeEnabled();

  await viewer.leave();
  await manager.leave();
});
