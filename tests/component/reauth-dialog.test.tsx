import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReauthDialogHost } from "@/features/auth/components/reauth-dialog";
import { reauthenticated } from "@/lib/reauth";
import { SECURITY_PATHS } from "../../shared/api/auth/security";
import { errorOf } from "./form-errors";
import { answerReadsWith, localServerForFile } from "./local-server";
import { renderWithQueries } from "./render";

const server = localServerForFile();

/** Two-factor sign-in is on or off; the reauthentication is answered with `post`. */
function securityServer(twoFactor: boolean, post: [number, unknown]) {
  server.handle(answerReadsWith({ enabled: twoFactor, recoveryCodesLeft: 10 }, post));
}

const posts = () => server.received.filter((r) => r.method === "POST");
const confirm = () => screen.getByRole("button", { name: "Confirm" }) as HTMLButtonElement;

/** A sensitive change is refused for an old sign-in: the dialog asks. Answers whether it was confirmed. */
async function askAgain() {
  renderWithQueries(<ReauthDialogHost />);
  const answer = reauthenticated(new Response(JSON.stringify({ code: "REAUTH_REQUIRED" }), { status: 403 }));
  await screen.findByLabelText("Password");
  return answer;
}

describe("the reauthentication dialog", () => {
  it("waits for the password, and says so once the field is left empty", async () => {
    securityServer(false, [200, { ok: true }]);
    void askAgain();
    const password = await screen.findByLabelText("Password");
    expect(confirm().disabled).toBe(true);
    expect(screen.queryByLabelText("Authentication code")).toBeNull();
    fireEvent.blur(password);
    await waitFor(() => expect(errorOf(password)).toBe("Enter your password"));
    expect(posts()).toEqual([]);
  });

  it("sends the password alone when two-factor sign-in is off, and the change goes on", async () => {
    securityServer(false, [200, { ok: true }]);
    const answer = askAgain();
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "correct horse" } });
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    expect(await answer).toBe(true);
    expect(posts()[0]).toMatchObject({
      url: SECURITY_PATHS.reauthenticate,
      body: { password: "correct horse" },
    });
    expect(posts()[0].body).not.toHaveProperty("code");
  });

  it("with two-factor sign-in on, waits for the code too and sends it trimmed", async () => {
    securityServer(true, [200, { ok: true }]);
    const answer = askAgain();
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "correct horse" } });
    const code = await screen.findByLabelText("Authentication code");
    fireEvent.change(code, { target: { value: "   " } });
    fireEvent.blur(code);
    await waitFor(() => expect(errorOf(code)).toBe("Enter the code from your authenticator app"));
    expect(confirm().disabled).toBe(true);
    fireEvent.change(code, { target: { value: " 123456 " } });
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    expect(await answer).toBe(true);
    expect(posts()[0].body).toEqual({ password: "correct horse", code: "123456" });
  });

  it("a wrong password is said under the fields, and the dialog stays open", async () => {
    securityServer(false, [401, { message: "That password is not right", code: "UNAUTHORIZED" }]);
    void askAgain();
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "wrong" } });
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    expect((await screen.findByRole("alert")).textContent).toBe("That password is not right");
    expect(screen.getByLabelText("Password")).toBeTruthy();
  });

  it("puts the server's field issue at its field", async () => {
    securityServer(true, [
      400,
      {
        message: "Invalid input: Too big",
        code: "BAD_REQUEST",
        issues: [{ path: ["code"], message: "Too big: expected string to have <=32 characters" }],
      },
    ]);
    void askAgain();
    fireEvent.change(await screen.findByLabelText("Password"), { target: { value: "correct horse" } });
    const code = await screen.findByLabelText("Authentication code");
    fireEvent.change(code, { target: { value: "123456" } });
    await waitFor(() => expect(confirm().disabled).toBe(false));
    fireEvent.click(confirm());
    await waitFor(() => expect(errorOf(code)).toBe("Too big: expected string to have <=32 characters"));
  });
});
