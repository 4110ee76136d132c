import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RegisterForm } from "@/features/auth/components/register-form";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { errorOf } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

function fill(values: Partial<Record<string, string>>) {
  const labels: Record<string, string> = {
    name: "Full Name",
    username: "Username",
    email: "Email",
    password: "Password",
    confirmPassword: "Confirm Password",
  };
  for (const [key, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(labels[key], { exact: true }), { target: { value } });
  }
}

/** The error shown under a field. */
const errorAt = (label: string) => errorOf(screen.getByLabelText(label, { exact: true }));

function renderForm() {
  renderWithQueries(<RegisterForm referralCode={null} onSignedIn={async () => {}} />);
}

const VALID = {
  name: "Grace Hopper",
  username: "grace",
  email: "grace@example.com",
  password: "long-enough",
  confirmPassword: "long-enough",
};

describe("the registration form", () => {
  it("shows the shared schema's messages at their fields and sends nothing", async () => {
    server.handle((_req, res) => sendJson(res, 201, {}));
    renderForm();
    fill({ ...VALID, username: "ab", password: "short", confirmPassword: "shorter" });
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));

    await waitFor(() => expect(errorAt("Password")).toBe("Password must be at least 8 characters long."));
    expect(errorAt("Confirm Password")).toBe("Passwords don't match.");
    expect(errorAt("Username")).toBe("Username must be at least 3 characters");
    expect(errorAt("Full Name")).toBeNull();
    expect(server.received).toEqual([]);
  });

  it("shows the server's field issues at their fields", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        message: "Invalid input: This username is reserved",
        code: "BAD_REQUEST",
        issues: [{ path: ["username"], message: "This username is reserved" }],
      }),
    );
    renderForm();
    fill({ ...VALID, email: "  grace@example.com " });
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));

    await waitFor(() => expect(errorAt("Username")).toBe("This username is reserved"));
    expect(errorAt("Email")).toBeNull();
    expect(server.received).toHaveLength(1);
    const sent = server.received[0];
    expect([sent.method, sent.url]).toEqual(["POST", AUTH_PATHS.register]);
    // The schema's own output is sent: trimmed, and without the confirmation.
    expect(sent.body).toMatchObject({ name: "Grace Hopper", username: "grace", email: "grace@example.com" });
    expect(sent.body).not.toHaveProperty("confirmPassword");
  });

  it("clears a field's error once it is corrected", async () => {
    renderForm();
    fill({ ...VALID, confirmPassword: "something-else" });
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(errorAt("Confirm Password")).toBe("Passwords don't match."));

    fill({ confirmPassword: VALID.password });
    await waitFor(() => expect(errorAt("Confirm Password")).toBeNull());
  });
});
