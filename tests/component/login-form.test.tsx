import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LoginForm } from "@/features/auth/components/login-form";
import { AUTH_PATHS } from "../../shared/api/auth/sign-in";
import { errorOf } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

function fill(usernameOrEmail: string, password: string) {
  fireEvent.change(screen.getByLabelText("Username or Email"), { target: { value: usernameOrEmail } });
  fireEvent.change(screen.getByLabelText("Password", { exact: true }), { target: { value: password } });
}

const errorAt = (label: string) => errorOf(screen.getByLabelText(label, { exact: true }));

const signIn = () => fireEvent.click(screen.getByRole("button", { name: "Sign In" }));

function renderForm(onSignedIn: () => Promise<void> = async () => {}) {
  renderWithQueries(<LoginForm onSignedIn={onSignedIn} />);
}

describe("the sign-in form", () => {
  it("asks for empty fields at the fields and in a toast, and sends nothing", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    renderForm();
    fill("   ", "");
    signIn();
    await waitFor(() => expect(errorAt("Username or Email")).toBe("Enter your username or email"));
    expect(errorAt("Password")).toBe("Enter your password");
    expect(await screen.findByText("Please fill in all fields.")).toBeTruthy();
    expect(server.received).toEqual([]);
  });

  it("sends the trimmed name and the password as typed, then welcomes the user", async () => {
    server.handle((_req, res) => sendJson(res, 200, {}));
    let signedIn = false;
    renderForm(async () => {
      signedIn = true;
    });
    fill("  grace  ", " secret ");
    signIn();
    await waitFor(() => expect(server.received).toHaveLength(1));
    expect(server.received[0]).toMatchObject({
      method: "POST",
      url: AUTH_PATHS.login,
      body: { usernameOrEmail: "grace", password: " secret " },
    });
    expect(await screen.findByText("Welcome Back!")).toBeTruthy();
    expect(signedIn).toBe(true);
  });

  it("puts the server's field issue at its field, with the Login Failed toast", async () => {
    server.handle((_req, res) =>
      sendJson(res, 400, {
        message: "Invalid input: Too big",
        code: "BAD_REQUEST",
        issues: [{ path: ["usernameOrEmail"], message: "Too big: expected string to have <=254 characters" }],
      }),
    );
    renderForm();
    fill("grace", "secret");
    signIn();
    await waitFor(() =>
      expect(errorAt("Username or Email")).toBe("Too big: expected string to have <=254 characters"),
    );
    expect(await screen.findByText("Login Failed")).toBeTruthy();
  });

  it("wrong credentials are the Login Failed toast with the server's reason, and the button is back", async () => {
    server.handle((_req, res) =>
      sendJson(res, 401, { message: "Invalid username/email or password.", code: "UNAUTHORIZED" }),
    );
    renderForm();
    fill("grace", "not-the-password");
    signIn();
    expect(await screen.findByText("Invalid username/email or password.")).toBeTruthy();
    expect(errorAt("Password")).toBeNull();
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Sign In" }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
