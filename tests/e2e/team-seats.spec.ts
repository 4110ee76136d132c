import { expect, registerThroughApi, test, toast, uniqueAccount } from "./fixtures";
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
  const paid = await page.request.post(`/api/checkout/sandbox/${orderId}/pay?provider=stripe`, {
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const name = `team-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.com`;
  const created = await page.request.post("/api/domains", { data: { name } });
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
  const seen = await page.request.get(`/api/domains/${domain.id}`);
  expect(((await seen.json()) as { renewalCost: string }).renewalCost).toBe("14.99");

  // Payouts are the owner's: the page says so, and the server refuses.
  await memberPage.goto("/payments");
  await expect(memberPage.getByRole("alert")).toContainText("Only the owner can open this page");
  const payout = await memberPage.request.post("/api/payments/payout", { data: { amount: "10.00" } });
  expect(payout.status()).toBe(403);
  expect(((await payout.json()) as { code: string }).code).toBe("ROLE_FORBIDDEN");
  const balance = await memberPage.request.get("/api/payments/balance");
  expect(balance.status()).toBe(403);

  // The member goes back to their own portfolio and removes their account.
  await memberPage.getByRole("button", { name: "Back to my portfolio" }).click();
  await expect(memberPage.getByRole("status").filter({ hasText: "Working in" })).toHaveCount(0);
  expect((await memberPage.request.delete("/api/auth/account")).status()).toBeLessThan(300);
  await memberContext.close();
});
