import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { TwoFactorStep } from "@/features/auth/components/two-factor-step";
import { errorOf } from "./form-errors";
import { localServerForFile, sendJson } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();
const posts = () => server.received.filter((r) => r.method === "POST");

describe("the password reset request", () => {
  const email = () => screen.getByLabelText("Email") as HTMLInputElement;
  const send = () => fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));

  it("shows the request's own address rule at the field and sends nothing", async () => {
    renderWithQueries(<ForgotPasswordForm />);
    fireEvent.change(email(), { target: { value: "not-an-address" } });
    send();

    await waitFor(() => expect(errorOf(email())).toBe("Please enter a valid email address"));
    expect(posts()).toEqual([]);
  });

  it("sends the trimmed address and says where the link went", async () => {
    server.handle((_req, res) => sendJson(res, 200, { message: "sent" }));
    renderWithQueries(<ForgotPasswordForm />);
    fireEvent.change(email(), { target: { value: "  owner@example.com " } });
    send();

    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("owner@example.com"));
    expect(posts().map((p) => p.body)).toEqual([{ email: "owner@example.com" }]);
  });
});

describe("the sign-in's second step", () => {
  const code = () => screen.getByLabelText("Authentication Code") as HTMLInputElement;
  const step = () => (
    <TwoFactorStep onSignedIn={async () => {}} onDeviceApproval={() => {}} onBack={() => {}} />
  );

  it("cannot send a blank code", () => {
    renderWithQueries(step());
    fireEvent.change(code(), { target: { value: "   " } });
    expect((screen.getByRole("button", { name: "Verify" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends the code trimmed, by the code's shared rule", async () => {
    server.handle((_req, res) =>
      sendJson(res, 401, { message: "That code isn't valid.", code: "UNAUTHORIZED" }),
    );
    renderWithQueries(step());
    fireEvent.change(code(), { target: { value: " 123456 " } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0].body).toEqual({ code: "123456" });
  });
});
