import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { expect, test, toast, uniqueAccount } from "./fixtures";

test.describe("sign-in page", () => {
  test("registration signs the new owner in and lands on the dashboard", async ({ page }) => {
    const account = uniqueAccount({ name: "Ada Lovelace" });
    await page.goto("/login");
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
      "placeholder",
      "8+ characters",
    );
    await page.getByLabel("Full Name").fill(account.name);
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm Password").fill(account.password);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(toast(page)).toContainText("Welcome to ParkPilot!");
    await expect(toast(page)).toContainText("Your account has been created successfully.");
    await expect(page).toHaveURL(/\/dashboard$/);
    const sidebar = page.getByRole("complementary");
    await expect(sidebar.getByText("Ada Lovelace")).toBeVisible();
    await expect(sidebar.getByText(account.email)).toBeVisible();
    await expect(sidebar.getByText("AL", { exact: true })).toBeVisible();
  });

  test("registration checks the fields before anything is sent", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (req) => {
      if (new URL(req.url()).pathname === AUTH_PATHS.register) sent.push(req.url());
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "Create Account" }).click();
    const submit = page.getByRole("button", { name: "Create Account" });

    await submit.click();
    await expect(toast(page)).toContainText("Please fill in all fields.");

    await page.getByLabel("Full Name").fill("Grace Hopper");
    await page.getByLabel("Username").fill("grace");
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByLabel("Confirm Password").fill("shorter");
    await submit.click();
    await expect(toast(page)).toContainText("Passwords don't match.");

    await page.getByLabel("Confirm Password").fill("short");
    await submit.click();
    await expect(toast(page)).toContainText("Password must be at least 8 characters long.");
    expect(sent).toEqual([]);
  });

  test("a taken email is refused with the server's message", async ({ page, existingAccount }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByLabel("Full Name").fill("Someone Else");
    await page.getByLabel("Username").fill(uniqueAccount().username);
    await page.getByLabel("Email").fill(existingAccount.email);
    await page.getByLabel("Password", { exact: true }).fill("another-password");
    await page.getByLabel("Confirm Password").fill("another-password");
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(toast(page)).toContainText("Registration Failed");
    await expect(toast(page)).toContainText("An account with this email already exists.");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("signing in with a wrong password shows the Login Failed toast", async ({ page, existingAccount }) => {
    await page.goto("/login");
    await page.getByLabel("Username or Email").fill(existingAccount.username);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(toast(page)).toContainText("Login Failed");
    await expect(toast(page)).toContainText("Invalid username/email or password.");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  test("signing in with empty fields asks for them", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page)).toContainText("Error");
    await expect(toast(page)).toContainText("Please fill in all fields.");
  });

  test("signing in by email shows the welcome toast and the dashboard", async ({ page, existingAccount }) => {
    await page.route("**/api/auth/login", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.goto("/login");
    await page.getByLabel("Username or Email").fill(existingAccount.email.toUpperCase());
    await page.getByLabel("Password").fill(existingAccount.password);
    await page.getByRole("button", { name: "Sign In" }).click();

    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    await expect(toast(page)).toContainText("Welcome Back!");
    await expect(toast(page)).toContainText("You've successfully logged in to ParkPilot.");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a referral link opens registration with the code, and the code survives a reload", async ({
    page,
  }) => {
    await page.goto("/login?ref=FRIEND42");
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await expect(page.getByText("FRIEND42")).toBeVisible();

    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await expect(page.getByText("FRIEND42")).toBeVisible();

    const account = uniqueAccount();
    await page.getByLabel("Full Name").fill(account.name);
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm Password").fill(account.password);
    const sent = page.waitForRequest("**/api/auth/register");
    await page.getByRole("button", { name: "Create Account" }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      referralCode: "FRIEND42",
      username: account.username,
    });
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("signing out ends the session and lands on /login", async ({ page, account }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("complementary").getByText(account.name)).toBeVisible();

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });
});
