import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { inviteThroughDialog, openAffiliates, statCard, toast } from "./affiliates-page";
import { expect as baseExpect, test, uniqueAccount } from "./fixtures";

// Two browsers, a checkout and many first page loads: a cold development server compiles each.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 45_000 });

test("a referral registers through the invitation, pays for a course in the sandbox, and the referrer sees the test commission", async ({
  page,
  browser,
  baseURL,
}) => {
  // The referrer, registered (and so signed in) through the API.
  const referrer = uniqueAccount({ name: "Rita Referrer" });
  const created = await page.request.post(AUTH_PATHS.register, { data: referrer });
  expect(created.status()).toBe(201);
  await openAffiliates(page);
  const partner = uniqueAccount({ name: "Paul Partner" });
  await inviteThroughDialog(page, partner.email);
  await expect(toast(page)).toContainText("Affiliate Invited!");

  // The invitation's link, as the inviter can copy it from the list.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: `Copy Invite Link for ${partner.email}` }).click();
  await expect(toast(page)).toContainText("Link Copied!");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/login\\?ref=[\\w-]+$`));

  // The partner, in a browser of their own.
  const partnerContext = await browser.newContext({ baseURL });
  const partnerPage = await partnerContext.newPage();
  await partnerPage.goto(link);
  await expect(partnerPage.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await expect(partnerPage.getByText(/Referral code .* will be applied/)).toBeVisible();
  await partnerPage.getByRole("button", { name: "Sign In" }).click();
  await partnerPage.getByRole("button", { name: "Create Account" }).click();
  await partnerPage.reload();
  await expect(partnerPage.getByText(/Referral code .* will be applied/)).toBeVisible();
  await partnerPage.getByLabel("Full Name").fill(partner.name);
  await partnerPage.getByLabel("Username").fill(partner.username);
  await partnerPage.getByLabel("Email").fill(partner.email);
  await partnerPage.getByLabel("Password", { exact: true }).fill(partner.password);
  await partnerPage.getByLabel("Confirm Password").fill(partner.password);
  await partnerPage.getByRole("button", { name: "Create Account" }).click();
  await expect(partnerPage).toHaveURL(/\/dashboard$/);

  // The referrer sees the partner as active.
  await openAffiliates(page);
  const row = page.getByRole("list", { name: "Affiliates" }).getByRole("listitem").first();
  await expect(row).toContainText("Active");
  await expect(statCard(page, "Active Referrals")).toContainText("100% conversion rate");

  // The partner buys the Email Marketing course ($247.00) and pays on the sandbox checkout.
  await openAffiliates(partnerPage);
  await partnerPage.getByRole("button", { name: "Browse Courses" }).click();
  const courses = partnerPage.getByRole("dialog", { name: "Expert Training" });
  await courses.getByText("Email Marketing", { exact: true }).click();
  await courses.getByRole("button", { name: "Purchase Course" }).click();
  await expect(partnerPage).toHaveURL(/\/checkout\/service\//);
  await partnerPage.getByRole("button", { name: /Pay with Stripe/ }).click();
  await partnerPage.getByRole("button", { name: "Pay $247.00" }).click();
  await expect(partnerPage).toHaveURL(/\/checkout\/success/);
  await partnerContext.close();

  // 5% (level 1) of $247.00 is $12.35: sandbox money, so it is shown marked "test" and earns nothing real.
  await openAffiliates(page);
  await expect(row).toContainText("test$12.35");
  await expect(row).toContainText("$0.00total earned");
  await expect(statCard(page, "Total Commissions")).toContainText("$0.00");
  await page.goto("/payments");
  await expect(page.getByTestId("available-balance")).toHaveText("$0.00");
  await expect(page.getByTestId("pending-balance")).toHaveText("$0.00");
});
