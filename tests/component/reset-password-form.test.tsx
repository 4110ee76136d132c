import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { errorOf } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();
const TOKEN = "reset-token-1";

function fill(next: string, again: string) {
  fireEvent.change(screen.getByLabelText("New Password", { exact: true }), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("Confirm New Password"), { target: { value: again } });
}

const errorAt = (label: string) => errorOf(screen.getByLabelText(label, { exact: true }));

const button = () => screen.getByRole("button", { name: "Set New Password" }) as HTMLButtonElement;

/** Opens the form as a reset link does, with `token` in the address. */
function openLink(token = TOKEN) {
  window.history.replaceState(null, "", token ? `/reset-password?token=${token}` : "/reset-password");
  renderWithQueries(<ResetPasswordForm />);
}

describe("the reset-password form", () => {
  it("keeps its button disabled until both passwords are typed", () => {
    openLink();
    expect(button().disabled).toBe(true);
    fill("long-enough", "");
    expect(button().disabled).toBe(true);
    fill("long-enough", "x");
    expect(button().disabled).toBe(false);
  });

  it("shows the shared length rule and the confirmation at their fields, toasts the mismatch, and sends nothing", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    openLink();
    fill("short", "shorter");
    fireEvent.click(button());

    await waitFor(() => expect(errorAt("New Password")).toBe("Password must be at least 8 characters long."));
    expect(errorAt("Confirm New Password")).toBe("Passwords don't match.");
    expect(await screen.findByText("Passwords don't match.", { selector: "#toasts *" })).toBeTruthy();
    expect(server.received).toEqual([]);
  });

  it("a matching but short password is refused with the shared rule", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    openLink();
    fill("short", "short");
    fireEvent.click(button());
    await waitFor(() => expect(errorAt("New Password")).toBe("Password must be at least 8 characters long."));
    expect(errorAt("Confirm New Password")).toBeNull();
    expect(server.received).toEqual([]);
  });

  it("sends the token and the new password, then says so", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    openLink();
    fill("my-new-password-1", "my-new-password-1");
    fireEvent.click(button());
    await waitFor(() => expect(server.received).toHaveLength(1));
    expect(server.received[0]).toMatchObject({
      method: "POST",
      url: SECURITY_PATHS.passwordResetConfirm,
      body: { token: TOKEN, password: "my-new-password-1" },
    });
    expect(await screen.findByText("Password Changed")).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/login"));
  });

  it("puts the server's issue with the password at the new password", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        message: "Invalid input: Password is too long",
        code: "BAD_REQUEST",
        issues: [{ path: ["password"], message: "Password is too long" }],
      }),
    );
    openLink();
    fill("my-new-password-1", "my-new-password-1");
    fireEvent.click(button());
    await waitFor(() => expect(errorAt("New Password")).toBe("Password is too long"));
  });

  it("an expired link is a toast", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, { message: "This reset link is invalid or has expired.", code: "BAD_REQUEST" }),
    );
    openLink();
    fill("my-new-password-1", "my-new-password-1");
    fireEvent.click(button());
    expect(await screen.findByText("This reset link is invalid or has expired.")).toBeTruthy();
    expect(errorAt("New Password")).toBeNull();
  });

  it("a link without a token asks for a new one", () => {
    openLink("");
    expect(screen.getByRole("link", { name: "Ask for a new one" })).toBeTruthy();
  });
});
